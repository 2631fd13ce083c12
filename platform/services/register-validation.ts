import { type Language, message, type MessageKey } from "../messages";
import { fieldPasses } from "../patterns";
import type { RegisterField } from "./register-settings";

// Server-side check of a registration against the merchant's field rules: the same rules and
// pattern ids the register settings call hands to clients.

export type RegisterMode = "account" | "mobile";

/** Field values as received: text fields trimmed, passwords as typed; missing = "". */
export type RegisterValues = Record<string, string>;

export const PASSWORD_FIELDS = new Set(["password", "confirmPassword", "paymentPassword"]);

/**
 * Bidirectional controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks
 * U+200E, U+200F and U+061C): invisible, they make a name read as another ("resu" shown as
 * "user", a name that turns the text after it around). Refused in every name (decision 037).
 */
// eslint-disable-next-line no-misleading-character-class
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

export function hasDirectionControl(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}

function patternMessage(field: RegisterField, lang: Language): string {
  const range = field.minLength === field.maxLength ? String(field.minLength) : `${field.minLength}–${field.maxLength}`;
  return message(`pattern.${field.patternId}` as MessageKey, lang, { range });
}

/**
 * fieldErrors for register.field.invalid: one message per failing field (empty when all pass).
 * Disabled fields are ignored. In mobile mode the user name is the number, and the passwords are
 * required only with MOBILENUMPASSREG3 on.
 */
export function validateRegistration(
  fields: RegisterField[],
  values: RegisterValues,
  mode: RegisterMode,
  options: { mobilePassword: boolean },
  lang: Language,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!field.enabled) continue;
    if (mode === "mobile" && field.field === "username") continue;
    const value = values[field.field] ?? "";
    let required = field.required;
    if (mode === "mobile" && field.field === "mobileNum") required = true;
    if (mode === "mobile" && (field.field === "password" || field.field === "confirmPassword")) required = options.mobilePassword;
    if (value === "") {
      if (required) errors[field.field] = message("field.required", lang);
      continue;
    }
    if (!PASSWORD_FIELDS.has(field.field) && hasDirectionControl(value)) {
      errors[field.field] = message("text.direction.invalid", lang);
    } else if (!fieldPasses(field.patternId, value, field.minLength, field.maxLength)) {
      errors[field.field] = patternMessage(field, lang);
    }
  }
  const password = values.password ?? "";
  const confirm = values.confirmPassword ?? "";
  if (!errors.confirmPassword && confirm !== "" && password !== "" && confirm !== password) {
    errors.confirmPassword = message("password.confirm.mismatch", lang);
  }
  return errors;
}

/** Whole years between a yyyy-MM-dd birthday and now (UTC). */
export function ageOn(birthday: { year: number; month: number; day: number }, now: Date): number {
  let age = now.getUTCFullYear() - birthday.year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < birthday.month || (now.getUTCMonth() + 1 === birthday.month && now.getUTCDate() < birthday.day);
  if (beforeBirthday) age--;
  return age;
}
