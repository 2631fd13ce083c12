import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/icon";
import { requestContext } from "~/context.server";
import { mediaUrl, plainText } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import type { RootData } from "~/shell.server";

// The home page; /login, /register and the other account modals render over it.

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requestContext(request);
  // Each block degrades to nothing when its call fails, never to an error page.
  const announcements = await ctx.gateway.content.announcements().catch(() => null);
  const banners = (announcements?.banners ?? [])
    .filter((b) => (b.groupName ?? "w_home") === "w_home")
    .flatMap((b) => {
      const src = mediaUrl(b.url);
      const href = b.externalLink || b.redirect || undefined;
      return src ? [{ id: String(b.bannerId ?? src), src, title: b.title ?? "", href: href && /^(https:\/\/|\/)/.test(href) ? href : undefined }] : [];
    });
  const marquee = (announcements?.player ?? [])
    .map((m) => ({ id: String(m.id ?? ""), text: plainText(m.content || m.title || "") }))
    .filter((m) => m.text);
  return { banners, marquee, meta: await pageMeta(request, "page.home") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Home() {
  const { banners, marquee } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const { t } = useTranslation();
  return (
    <>
      {marquee.length > 0 ? (
        <section aria-label={t("home.announcements")} className="flex items-center gap-2 overflow-hidden bg-panel-2/60 px-3 py-1.5 text-sm">
          <Icon name="chat" size={16} className="shrink-0 text-accent" />
          <div className="relative flex-1 overflow-hidden whitespace-nowrap">
            <p className="marquee-track inline-block" data-testid="marquee">
              {marquee.map((m) => <span key={m.id} className="mr-10">{m.text}</span>)}
            </p>
          </div>
        </section>
      ) : null}
      {banners.length > 0 ? (
        <section aria-label={t("home.banners")} className="flex snap-x snap-mandatory gap-3 overflow-x-auto px-3 pt-3" data-testid="banners">
          {banners.map((b, i) => {
            const img = (
              <img src={b.src} alt={b.title} width={720} height={280} loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : undefined}
                className="aspect-[18/7] w-full rounded-xl bg-panel object-cover" />
            );
            return (
              <div key={b.id} className="w-[92%] shrink-0 snap-center sm:w-[70%]">
                {b.href ? <a href={b.href}>{img}</a> : img}
              </div>
            );
          })}
        </section>
      ) : null}
      <section aria-labelledby="home-categories" className="px-3 pt-5">
        <h2 id="home-categories" className="mb-2 text-base font-bold">{t("home.categories")}</h2>
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {(root?.nav ?? []).map((item) => (
            <li key={item.nameKey + item.page}>
              <Link to={item.page} className="flex h-20 flex-col items-center justify-center gap-1 rounded-xl bg-panel text-xs">
                <Icon name={item.icon} size={26} className="text-accent" />
                <span className="max-w-full truncate px-1">{item.displayName ?? t(item.nameKey)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Outlet />
    </>
  );
}
