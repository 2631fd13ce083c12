import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { refusal } from "~/accounts/verification.server";
import { requestContext } from "~/context.server";
import { changePasswordSchema } from "~/domain/passwords";
import { pageMeta } from "~/i18n/t.server";
import { csrfForm } from "~/security.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/accounts/common-passwords.server";
import { redirectWithNotice } from "~/session.server";

export async function changePasswordLoader(request: Request) {
  const ctx = await requestContext(request);
  if (!ctx.session.get("token")) throw redirect("/login?redirectTo=%2Fchange-password");
  return { forced: ctx.session.get("mustChangePassword") === true, meta: await pageMeta(request, "auth:password.changeTitle") };
}

export async function changePasswordAction(request: Request) {
  const formData = await csrfForm(request);
  const ctx = await requestContext(request);
  if (!ctx.session.get("token")) throw redirect("/login");
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hide = { hideFields: ["oldPassword", "newPassword", "confirmNewPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  if (isCommonPassword(submission.value.newPassword)) {
    return data({ result: submission.reply({ ...hide, fieldErrors: { newPassword: [COMMON_PASSWORD_MESSAGE] } }) }, { status: 400 });
  }
  try {
    await ctx.gateway.accounts.changePassword(submission.value);
  } catch (error) {
    return refusal((o) => submission.reply({ ...o, ...hide }), error);
  }
  // Afterwards: login info reloads (the root loader does), the modal closes, the player goes home.
  ctx.session.unset("mustChangePassword");
  return redirectWithNotice(ctx.session, "/", "flash.passwordChanged");
}
