import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { revalidateAfterPosts } from "~/accounts/revalidate";
import { Modal, ModalBanner } from "~/components/modal";
import { SocialButtons } from "~/components/forms/social-buttons";
import { Tabs } from "~/components/forms/tabs";
import { MobileLoginForm } from "./mobile-login-form";
import { UsernameLoginForm } from "./username-login-form";
import { loginAction, loginLoader } from "./login.server";

export const handle = { i18n: ["common", "auth"] };
export const shouldRevalidate = revalidateAfterPosts;

export const loader = ({ request }: LoaderFunctionArgs) => loginLoader(request);
export const action = ({ request }: ActionFunctionArgs) => loginAction(request);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function LoginModal() {
  const { t } = useTranslation(["auth", "common"]);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = encodeURIComponent(data.redirectTo);
  return (
    <Modal name="loginPopupModal" title={t("auth:login.title")} closeTo={data.redirectTo}>
      <ModalBanner banner={data.banner} />
      {data.smsLogin ? (
        <Tabs
          label={t("auth:login.methods")}
          current={data.tab}
          tabs={[
            { key: "username", label: t("auth:login.byUsername"), to: `/login?redirectTo=${back}` },
            { key: "mobile", label: t("auth:login.byMobile"), to: `/login?tab=mobile&redirectTo=${back}` },
          ]}
        />
      ) : null}
      {data.tab === "mobile" ? (
        <MobileLoginForm
          data={{ ...data, smsSecondsLeft: actionData?.smsSecondsLeft ?? data.smsSecondsLeft }}
          notice={actionData?.notice}
        />
      ) : (
        <UsernameLoginForm data={{ ...data, captcha: data.captcha ?? actionData?.captcha ?? null }} />
      )}
      <SocialButtons providers={data.social} redirectTo={data.redirectTo} />
      <div className="mt-4 flex items-center justify-between text-sm">
        <Link to="/forgot-password" className="text-ink-dim underline">
          {t("auth:login.forgot")}
        </Link>
        <span className="text-ink-dim">
          {t("auth:login.noAccount")}{" "}
          <Link to="/register" className="font-semibold text-accent">
            {t("auth:login.registerNow")}
          </Link>
        </span>
      </div>
      {data.freePlay ? (
        <Form method="post" action="/free-play" className="mt-4 border-t border-white/10 pt-4">
          <HoneypotFields />
          <button type="submit" className="btn-ghost w-full">
            {t("auth:freePlay.button")}
          </button>
          <p className="mt-1 text-center text-xs text-ink-dim">{t("auth:freePlay.hint")}</p>
        </Form>
      ) : null}
    </Modal>
  );
}
