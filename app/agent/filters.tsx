import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** The team reports' filter by one account (exact), a GET form that keeps the date range. */
export function AccountFilter({ account, keep }: { account: string; keep: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="flex items-end gap-2 text-sm" role="search">
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label className="flex min-w-0 flex-1 flex-col">
        {t("agent.reports.account")}
        <input type="search" name="account" defaultValue={account} maxLength={32} className="field mt-0 py-1.5" autoComplete="off" />
      </label>
      <button type="submit" className="btn-ghost">
        {t("records.apply")}
      </button>
    </Form>
  );
}

/** Chips choosing one of a few codes (ALL first), keeping the rest of the URL. */
export function CodeChips({
  label,
  codes,
  current,
  param,
  keep,
}: {
  label: string;
  codes: { code: string; name: string }[];
  current: string;
  param: string;
  keep: Record<string, string>;
}) {
  return (
    <ul className="flex flex-wrap gap-1 text-xs" aria-label={label}>
      {codes.map((x) => (
        <li key={x.code}>
          <Link
            to={`?${new URLSearchParams({ ...keep, ...(x.code === "ALL" ? {} : { [param]: x.code }) })}`}
            aria-current={x.code === current ? "page" : undefined}
            className={`inline-flex rounded-full border px-2.5 py-1 ${x.code === current ? "border-accent text-accent" : "border-white/20"}`}
          >
            {x.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The URL values of a date range, to keep while another filter changes. */
export function rangeParams(range: { preset: string; from: string; to: string }): Record<string, string> {
  return { range: range.preset, ...(range.preset === "custom" ? { from: range.from, to: range.to } : {}) };
}
