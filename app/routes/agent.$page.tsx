import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAgent } from "~/accounts/guards.server";
import { AGENT_MENU } from "~/domain/agent-menu";
import { pageMeta } from "~/i18n/t.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAgent(request);
  const entry = AGENT_MENU.find((m) => m.path === `/agent/${params.page}`);
  if (!entry) throw new Response(null, { status: 404 });
  return { labelKey: entry.labelKey, meta: await pageMeta(request, entry.labelKey) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function AgentPage() {
  const { labelKey } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4">
      <h2 className="text-xl font-bold">{t(labelKey)}</h2>
      <p className="mt-2 text-ink-dim">{t("agent.comingSoon")}</p>
    </section>
  );
}
