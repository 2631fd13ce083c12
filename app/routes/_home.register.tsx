import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/modal";
import { pageMeta } from "~/i18n/t.server";

// The register modal over home. Its form (fields from the platform's register settings)
// comes with the accounts issue; until then it says so and points to login.
export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await pageMeta(request, "auth:register.title") };
}

export const handle = { i18n: ["common", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function RegisterModal() {
  const { t } = useTranslation(["auth", "common"]);
  useLoaderData<typeof loader>();
  return (
    <Modal name="registerModal" title={t("auth:register.title")} closeTo="/">
      <p className="mt-3 text-ink-dim">{t("auth:register.comingSoon")}</p>
      <Link to="/login" className="btn-accent mt-5 w-full">{t("auth:register.toLogin")}</Link>
    </Modal>
  );
}
