import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireMember } from "~/accounts/guards.server";
import { MEMBER_MENU } from "~/domain/member-menu";
import { pageMeta } from "~/i18n/t.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireMember(request);
  const entry = MEMBER_MENU.find((m) => m.path === `/member/${params.page}`);
  if (!entry) throw new Response(null, { status: 404 });
  return { labelKey: entry.labelKey, meta: await pageMeta(request, entry.labelKey) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function MemberPage() {
  const { labelKey } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4">
      <h1 className="text-xl font-bold">{t(labelKey)}</h1>
      <p className="mt-2 text-ink-dim">{t("member.comingSoon")}</p>
    </section>
  );
}
