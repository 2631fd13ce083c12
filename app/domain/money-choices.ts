// The fixed choices of the money forms (decision 016), apart from their zod schemas
// (money-forms.ts) so that a page can show them without loading zod (issue 14).

export const CONFIRM_RESULTS = ["RECEIVED", "PARTLY", "NOT_RECEIVED"] as const;
export const PROOF_MAX_FILES = 3;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

export const LIMIT_TYPES = ["DEPOSIT", "LOSS", "SESSION"] as const;
export const LIMIT_PERIODS = ["DAY", "WEEK", "MONTH"] as const;
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60, 120] as const;
export const EXCLUSION_DAYS = [1, 7, 30, 90, 180, 365] as const;
