import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { FormError } from "~/components/forms/field";
import { freePlayAction, freePlayLoader } from "./free-play.server";

// Free play (FREEPLAY3): a trial session, account type 4, with trial credit only. Usually started
// from the login modal's button; this page is where a refused start lands (too many trials from
// one address, the platform down) and offers the button again.

export const handle = { i18n: ["common", "auth"] };
export const loader = ({ request }: LoaderFunctionArgs) => freePlayLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);
export const action = ({ request }: ActionFunctionArgs) => freePlayAction(request);

export default function FreePlay() {
  const { t } = useTranslation(["auth", "common"]);
  useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <main id="main" className="mx-auto max-w-md p-4">
      <h1 className="text-xl font-bold">{t("auth:freePlay.button")}</h1>
      <p className="mt-1 text-sm text-ink-dim">{t("auth:freePlay.hint")}</p>
      <div className="mt-4">
        <FormError id="free-play-error" errors={error ? [error] : undefined} />
      </div>
      <Form method="post" className="mt-4">
        <HoneypotFields />
        <button type="submit" className="btn-accent w-full">
          {t("auth:freePlay.button")}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-accent">
          {t("auth:forgot.backToLogin")}
        </Link>
      </p>
    </main>
  );
}
