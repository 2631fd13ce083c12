import { OperatorHtml } from "~/components/operator-html";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Modal } from "~/components/modal";
import { NumberedPager } from "~/components/records";
import type { PopupData } from "./popup.server";

/**
 * The announcement popup: the page's announcements as links (one opens its detail panel below the
 * list, a page change closes it), "to promotions" (the reward centre), "not again today" for a
 * signed-in player, and close. A modal route: every control is a link or a form.
 */
export function AnnouncementsPopup({ d }: { d: PopupData }) {
  const { t } = useTranslation();
  const href = (open?: string) => `/announcements?${new URLSearchParams({ page: String(d.page), ...(open ? { open } : {}) })}`;
  return (
    <Modal name="publicModal" title={t("announcements.title")} closeTo="/">
      {d.items.length === 0 ? <p className="mt-3 text-ink-dim">{t("announcements.none")}</p> : null}
      <ul className="mt-3 divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="popup-list">
        {d.items.map((a) => {
          const open = d.detail?.id === a.id;
          return (
            <li key={a.id}>
              <Link
                to={open ? href() : href(a.id)}
                aria-expanded={open}
                preventScrollReset
                replace
                className={`flex items-baseline justify-between gap-2 px-3 py-2.5 ${open ? "font-bold text-accent" : ""}`}
              >
                <span className="min-w-0 truncate" dir="auto">
                  {a.title}
                </span>
                <time dir="ltr" className="figure shrink-0 text-xs text-ink-dim">
                  {a.time}
                </time>
              </Link>
            </li>
          );
        })}
      </ul>
      {d.detail ? (
        <article className="mt-3 rounded-xl bg-panel-2 p-3" aria-labelledby="popup-detail" data-testid="popup-detail">
          <h3 id="popup-detail" className="font-bold" dir="auto">
            {d.detail.title}
          </h3>
          <OperatorHtml className="prose-invert mt-2 text-sm" dir="auto" html={d.detail.html} />
        </article>
      ) : null}
      <NumberedPager items={d.pager} page={d.page} label={t("announcements.pages")} drop={["open"]} />
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/member/reward-center" className="btn-accent flex-1">
          {t("announcements.toPromotions")}
        </Link>
        {d.signedIn ? (
          <Form method="post" action="/announcements">
            <AuthenticityTokenInput name="csrf" />
            <button type="submit" name="intent" value="dismiss" className="btn-ghost">
              {t("announcements.notToday")}
            </button>
          </Form>
        ) : null}
      </div>
    </Modal>
  );
}
