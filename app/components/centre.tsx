import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * The menu of the member and agent centres: one chip per page, the current one highlighted, a
 * count badge where one is above 0, and a close button back to where the player came from.
 */
export function CentreNav({ label, items, closeTo }: { label: string; items: { page: string; labelKey: string; path: string; badge?: number }[]; closeTo?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-2">
      <nav aria-label={label} className="-ms-3 min-w-0 flex-1 overflow-x-auto ps-3">
        <ul className="flex gap-2 text-sm">
          {items.map((item) => (
            <li key={item.page} className="shrink-0">
              <NavLink to={item.path} end className={({ isActive }) => `chip ${isActive ? "bg-accent text-night" : ""}`}>
                {t(item.labelKey)}
                {item.badge ? <span className="ms-1 rounded-full bg-bad px-1.5 text-xs font-bold text-white" aria-label={t("common:centre.badge", { count: item.badge })}>{item.badge}</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {closeTo ? (
        <Link to={closeTo} className="btn-icon shrink-0" aria-label={t("common:dialog.close")}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z" /></svg>
        </Link>
      ) : null}
    </div>
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
