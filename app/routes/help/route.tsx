import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HelpCentre } from "~/help/help";
import { helpLoader } from "~/help/help.server";

// The help centre in the full shell.
export const loader = ({ request }: LoaderFunctionArgs) => helpLoader(request, "page.help");
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Help() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <HelpCentre d={d} base="/help" title={t("page.help")} />;
}
