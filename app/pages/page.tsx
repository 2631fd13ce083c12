import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageForPath } from "~/domain/pages";
import { pageMeta } from "~/i18n/t.server";

// The spec's screens whose content later issues build: each answers 200 in its own
// shell with its title and a short description of what it is for.
export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageForPath(new URL(request.url).pathname);
  if (!page) throw new Response(null, { status: 404 });
  return { key: page.key, meta: await pageMeta(request, `page.${page.key}`) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Page() {
  const { key } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="px-3 py-5">
      <h1 className="text-xl font-bold">{t(`page.${key}`)}</h1>
      <p className="mt-2 text-ink-dim">{t(`pageIntro.${key}`)}</p>
    </section>
  );
}
