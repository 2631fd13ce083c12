import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { startSession } from "~/accounts/session-start.server";
import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/verification.server";
import { FormError } from "~/components/forms/field";
import { requestContext } from "~/context.server";
import { errorMessage } from "~/domain/errors";
import { message } from "~/domain/messages";
import { moduleOn } from "~/domain/modules";
import { GatewayError, PlatformError } from "~/gateway/index.server";
import { pageMeta } from "~/i18n/t.server";
import { limitAttempt, RateLimitedError } from "~/limits.server";
import { honeypotInputProps, humanForm } from "~/security.server";
import { retryAfter } from "~/request-scope.server";

// Free play (FREEPLAY3): a trial session, account type 4, with trial credit only. Usually started
// from the login modal's button; this page is where a refused start lands (too many trials from
// one address, the platform down) and offers the button again.

export const handle = { i18n: ["common", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requestContext(request);
  if (!moduleOn(ctx.status.modules, "FREEPLAY3") || ctx.session.get("token")) throw redirect("/login");
  return { honeypot: await honeypotInputProps(), meta: await pageMeta(request, "auth:freePlay.button") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export async function action({ request }: ActionFunctionArgs) {
  await humanForm(request);
  const ctx = await requestContext(request);
  if (!moduleOn(ctx.status.modules, "FREEPLAY3")) return redirect("/login");
  const ua = request.headers.get("User-Agent") ?? "";
  const os = /android/i.test(ua) ? "ANDROID" : /iphone|ipad|ios/i.test(ua) ? "IOS" : "WEB";
  try {
    await limitAttempt("freePlay");
    return await startSession(ctx, await ctx.gateway.session.freePlay(os), "freeplay", "/");
  } catch (error) {
    if (error instanceof RateLimitedError) {
      const minutes = Math.max(1, Math.ceil(error.retryAfter / 60));
      return data({ error: message("auth:rateLimited", minutes) }, { status: 429, headers: retryAfter(error.retryAfter) });
    }
    if (error instanceof GatewayError) {
      return data({ error: "common:error.platformUnavailable" }, { status: 503, headers: retryAfter(UNAVAILABLE_RETRY_SECONDS) });
    }
    if (!(error instanceof PlatformError)) throw error;
    return data({ error: errorMessage(error.errorCode, error.message) }, { status: 400 });
  }
}

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
        <button type="submit" className="btn-accent w-full">{t("auth:freePlay.button")}</button>
      </Form>
      <p className="mt-4 text-center text-sm"><Link to="/login" className="text-accent">{t("auth:forgot.backToLogin")}</Link></p>
    </main>
  );
}
