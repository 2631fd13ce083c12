import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "~/context.server";
import { mediaUrl } from "~/html.server";
import { pageForPath } from "~/domain/pages";
import { pageMeta } from "~/i18n/t.server";

// A game lobby for a category or a vendor: for now the vendors of that category from the
// platform; the game lists, search, filters and launch come with the games issue.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageForPath(url.pathname);
  if (!page) throw new Response(null, { status: 404 });
  const ctx = await requestContext(request);
  if (page.loggedInOnly && !ctx.session.get("token")) {
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  }
  const lanes = await ctx.gateway.games.vendorLanes().catch(() => []);
  const vendors = lanes
    .filter((l) => l.gameType === page.gameType || (page.vendor && l.vendors.some((v) => v.vassalage === page.vendor)))
    .flatMap((l) => l.vendors)
    .filter((v) => !page.vendor || v.vassalage === page.vendor)
    .map((v) => ({ vassalage: v.vassalage, displayName: v.displayName, icon: mediaUrl(v.icon) }));
  return { key: page.key, vendors, meta: await pageMeta(request, `page.${page.key}`) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Lobby() {
  const { key, vendors } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="px-3 py-5">
      <h1 className="text-xl font-bold">{t(`page.${key}`)}</h1>
      {vendors.length > 0 ? (
        <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="vendors">
          {vendors.map((v) => (
            <li key={v.vassalage} className="flex flex-col items-center gap-1 rounded-xl bg-panel p-2 text-center text-xs">
              {v.icon ? <img src={v.icon} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-lg" /> : null}
              <span className="w-full truncate">{v.displayName}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-ink-dim">{t("lobby.empty")}</p>
      )}
    </section>
  );
}
