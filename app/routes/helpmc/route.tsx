import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HelpCentre } from "~/help/help";
import { helpLoader } from "~/help/help.server";

// The bare help page (no header or footer; open before login, docs/SPEC.md point 2): the same help centre.
export const loader = ({ request }: LoaderFunctionArgs) => helpLoader(request, "page.helpmc");
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function HelpBare() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <HelpCentre d={d} base="/helpmc" title={t("page.help")} />;
}
