import { dictionary } from "@zxcvbn-ts/language-common";

// The 10,000 most common passwords, from zxcvbn-ts's list (ranked by how often they appear in
// leaked password sets): refused when a password is chosen (registration, change, reset). Compared
// without case, so "Password" is as common as "password". Server-only: the list stays out of the
// browser's bundle.
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "auth:password.common";
