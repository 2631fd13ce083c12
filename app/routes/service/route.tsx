import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { serviceLoader } from "./service.server";

export const loader = ({ request }: LoaderFunctionArgs) => serviceLoader(request);

export default function Service() {
  const { t } = useTranslation();
  return <p className="px-3 py-5">{t("nav.customerService")}</p>;
}
