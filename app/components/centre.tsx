import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { TabNav } from "./tab-row";

/** The close button's width and the gaps around it, taken from the row's room on a 360 px phone. */
const CLOSE_ROOM = 44 + 8 + 12;

/**
 * The menu of the member and agent centres: one tab per page, the current one highlighted and in
 * view (a shared tab row, decision 040), a count badge where one is above 0, and a close button
 * back to where the player came from.
 */
export function CentreNav({
  label,
  items,
  closeTo,
}: {
  label: string;
  items: { page: string; labelKey: string; path: string; badge?: number }[];
  closeTo?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The page's own entry, or the entry a deeper page belongs to (a message under the inbox): the
  // longest path that holds this one, so the hub (/member) is current only on itself.
  const current = items
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.page;
  return (
    <TabNav
      label={label}
      current={current}
      lines={1}
      testId="centre-nav"
      badgeLabel={(count) => t("common:centre.badge", { count })}
      room={360 - (closeTo ? CLOSE_ROOM : 0)}
      tabs={items.map((item) => ({
        key: item.page,
        label: t(item.labelKey),
        to: item.path,
        badge: item.badge ? { count: item.badge, label: t("common:centre.badge", { count: item.badge }) } : undefined,
      }))}
      end={
        closeTo ? (
          <Link to={closeTo} className="btn-icon" aria-label={t("common:dialog.close")}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z" />
            </svg>
          </Link>
        ) : undefined
      }
    />
  );
}

/** A refusal with the spec's confirm button (in_need_true_account, not an agent), optionally a way forward. */
export function RefusalDialog({ message, extra }: { message: string; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section role="alertdialog" aria-labelledby="refusal-title" className="mx-auto mt-8 max-w-sm rounded-2xl bg-panel-2 p-5 text-center">
      <h1 id="refusal-title" className="text-lg font-bold">
        {t("common:dialog.prompt")}
      </h1>
      <p className="mt-2">{message}</p>
      <div className="mt-4 flex justify-center gap-3">
        {extra}
        <Link to="/" className="btn-accent">
          {t("common:dialog.confirm")}
        </Link>
      </div>
    </section>
  );
}
