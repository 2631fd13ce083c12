import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The menu of the member and agent centres: one chip per page, the current one highlighted. */
export function CentreNav({ label, items }: { label: string; items: { page: string; labelKey: string; path: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="-mx-3 overflow-x-auto px-3">
      <ul className="flex gap-2 text-sm">
        {items.map((item) => (
          <li key={item.page} className="shrink-0">
            <NavLink to={item.path} className={({ isActive }) => `chip ${isActive ? "bg-accent text-night" : ""}`}>{t(item.labelKey)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A refusal with the spec's confirm button (in_need_true_account, not an agent), optionally a way forward. */
export function RefusalDialog({ message, extra }: { message: string; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section role="alertdialog" aria-labelledby="refusal-title" className="mx-auto mt-8 max-w-sm rounded-2xl bg-panel-2 p-5 text-center">
      <h1 id="refusal-title" className="text-lg font-bold">{t("common:dialog.prompt")}</h1>
      <p className="mt-2">{message}</p>
      <div className="mt-4 flex justify-center gap-3">
        {extra}
        <Link to="/" className="btn-accent">{t("common:dialog.confirm")}</Link>
      </div>
    </section>
  );
}
