import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { NumberedPager } from "~/components/records";
import { requestContext } from "~/context.server";
import { NOTICE_PAGER, pageOfIndex, pagerItems } from "~/domain/pager";
import { sanitizeRichHtml } from "~/html.server";
import { stampFormatter } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";

// Notices (docs/SPEC.md point 2, /noticePage): the operator's notices, 9 a page (pager range 3, margin 1),
// an accordion with one open at a time (<details name>: clicking the open one closes it, and a new
// page opens with all closed). ?id= opens on the page holding that notice, with it open.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  const answer = await ctx.gateway.content.announcements().catch(() => null);
  const all = (answer?.player ?? []).filter((n) => n.id != null);
  const total = Math.ceil(all.length / NOTICE_PAGER.size);
  const chosen = url.searchParams.get("id");
  const chosenIndex = chosen ? all.findIndex((n) => String(n.id) === chosen) : -1;
  const asked = Number.parseInt(url.searchParams.get("page") ?? "", 10);
  const page = Math.min(Math.max(1, chosenIndex >= 0 && !url.searchParams.has("page") ? pageOfIndex(chosenIndex, NOTICE_PAGER.size) : asked || 1), Math.max(1, total));
  const stamp = stampFormatter();
  return {
    page,
    pager: pagerItems(page, total, NOTICE_PAGER.range, NOTICE_PAGER.margin),
    open: chosenIndex >= 0 ? String(all[chosenIndex]!.id) : null,
    unavailable: answer === null,
    notices: all.slice((page - 1) * NOTICE_PAGER.size, page * NOTICE_PAGER.size).map((n) => ({
      id: String(n.id), title: n.title ?? "", html: sanitizeRichHtml(n.content ?? ""), time: stamp(n.time),
    })),
    meta: await pageMeta(request, "page.noticePage"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Notices() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.noticePage")}</h1>
      {d.unavailable ? <p className="text-ink-dim">{t("error.platformUnavailable")}</p> : null}
      {!d.unavailable && d.notices.length === 0 ? <p className="text-ink-dim">{t("notices.none")}</p> : null}
      {/* Keyed by the page: a page change starts with every notice closed. */}
      <ul key={d.page} className="space-y-2" data-testid="notice-list">
        {d.notices.map((n) => (
          <li key={n.id} id={`notice-${n.id}`} className="rounded-xl bg-panel">
            <details name="notices" open={n.id === d.open} className="group">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-2 p-3">
                <span className="min-w-0">
                  <span className="block font-semibold" dir="auto">{n.title}</span>
                  {/* Digits and dashes read left to right in Urdu too: the stamp keeps its order. */}
                  {n.time ? <span className="block"><time dir="ltr" className="figure inline-block text-xs text-ink-dim">{n.time}</time></span> : null}
                </span>
                <span aria-hidden="true" className="shrink-0 transition-transform group-open:rotate-180">▾</span>
              </summary>
              <OperatorHtml className="prose-invert px-3 pb-3 text-sm" dir="auto" html={n.html} />
            </details>
          </li>
        ))}
      </ul>
      <NumberedPager items={d.pager} page={d.page} label={t("notices.pages")} drop={["id"]} />
    </section>
  );
}
