import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { RequestContext } from "~/context.server";
import { safeRedirect } from "~/domain/paths";
import { PlatformError } from "~/gateway/index.server";
import { commitSession } from "~/session.server";

const twoFactorValue = z.object({
  verificationToken: z.string().min(1),
  methods: z.array(z.string()).default([]),
  mobile: z.string().nullish(),
  email: z.string().nullish(),
});

/**
 * A login the platform holds for two-factor (login.verification.required): what it offered goes
 * into the session and the player to /verify-login. Undefined for any other error.
 */
export async function twoFactorRedirect(
  ctx: RequestContext,
  error: unknown,
  redirectTo: string | undefined,
): Promise<Response | undefined> {
  if (!(error instanceof PlatformError) || error.errorCode !== "login.verification.required") return undefined;
  const offered = twoFactorValue.safeParse(error.value);
  if (!offered.success) return undefined;
  ctx.session.set("twoFactor", {
    verificationToken: offered.data.verificationToken,
    methods: offered.data.methods,
    mobile: offered.data.mobile ?? undefined,
    email: offered.data.email ?? undefined,
    redirectTo: safeRedirect(redirectTo, "/"),
  });
  return redirect("/verify-login", { headers: { "Set-Cookie": await commitSession(ctx.session) } });
}
