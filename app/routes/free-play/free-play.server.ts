import { data, redirect } from "@remix-run/node";
import { startSession } from "~/accounts/session-start.server";
import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/verification.server";
import { requestContext } from "~/context.server";
import { errorMessage } from "~/domain/errors";
import { message } from "~/domain/messages";
import { moduleOn } from "~/domain/modules";
import { GatewayError, PlatformError } from "~/gateway/index.server";
import { pageMeta } from "~/i18n/t.server";
import { limitAttempt, RateLimitedError } from "~/limits.server";
import { honeypotInputProps, humanForm } from "~/security.server";
import { retryAfter } from "~/request-scope.server";

export async function freePlayLoader(request: Request) {
  const ctx = await requestContext(request);
  if (!moduleOn(ctx.status.modules, "FREEPLAY3") || ctx.session.get("token")) throw redirect("/login");
  return { honeypot: await honeypotInputProps(), meta: await pageMeta(request, "auth:freePlay.button") };
}

export async function freePlayAction(request: Request) {
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
