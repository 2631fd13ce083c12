// Platform error codes the player can meet in the account forms, and the words we show for them.
// Anything not listed shows the platform's own message (already in the player's language).

export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  "login.failed": "auth:login.failed",
  "login.locked": "auth:login.locked",
  login_blocked_by_self_exclusion: "auth:login.selfExcluded",
  "function.not.available": "auth:login.unavailable",
  "captcha.invalid": "auth:captcha.invalid",
  "human.verification.failed": "auth:slider.failed",
  "sms.too.many.requests": "auth:sms.tooMany",
  "sms.resend.too.soon": "auth:sms.tooSoon",
  "verification.code.invalid": "auth:sms.codeInvalid",
  "verification.code.expired": "auth:sms.codeExpired",
  "invitation.code.invalid": "auth:register.invitationInvalid",
  "register.username.taken": "auth:register.usernameTaken",
  "register.mobile.taken": "auth:register.mobileTaken",
  "register.age.required": "auth:register.ageRequired",
  "password.old.invalid": "auth:password.oldInvalid",
  "password.rule": "auth:password.rule",
  "password.same": "auth:password.same",
  "mobile.invalid": "auth:sms.mobileInvalid",
  // The requestId was answered before with other content: the first request stands (decision 033).
  "idempotency.conflict": "common:money.conflict",
};

export function errorMessage(code: string, platformMessage: string): string {
  return ERROR_MESSAGES[code] ?? (platformMessage || "common:error.text");
}

/** The forced password change of docs/SPEC.md point 4, step 4. */
export function mustChangePassword(result: {
  defaultPassword?: boolean | null;
  passwordExpired?: boolean | null;
  expiryEnforced: boolean;
  method: "username" | "sms" | "register" | "social" | "freeplay" | "verification";
}): boolean {
  if (result.method === "sms" || result.method === "social" || result.method === "freeplay") return false;
  return result.defaultPassword === true || (result.passwordExpired === true && result.expiryEnforced);
}
