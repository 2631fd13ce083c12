// Platform messages and seeded texts come in every language the seed offers. The Language header
// chooses; anything else falls back to English.

export const LANGUAGES = ["EN", "BN"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A seeded text in several languages, as stored in jsonb columns: {"EN": "...", "BN": "..."}. */
export type Localized = Partial<Record<string, string>> & { EN: string };

export function languageFrom(header: string | undefined | null): Language {
  const code = (header ?? "").trim().toUpperCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : "EN";
}

export function pick(text: Localized | null | undefined, lang: Language): string {
  if (!text) return "";
  return text[lang] ?? text.EN;
}

export const messages = {
  "merchant.required": {
    EN: "The Merchant header is required.",
    BN: "Merchant হেডার আবশ্যক।",
  },
  "merchant.duplicate": {
    EN: "The Merchant header must be sent once.",
    BN: "Merchant হেডার একবারই পাঠাতে হবে।",
  },
  domain_not_available: {
    EN: "This site is not available.",
    BN: "এই সাইটটি এখন উপলব্ধ নয়।",
  },
  "function.not.available": {
    EN: "This function is not available.",
    BN: "এই ফাংশনটি উপলব্ধ নয়।",
  },
  "login.not.session": {
    EN: "Your session has ended. Please log in again.",
    BN: "আপনার সেশন শেষ হয়েছে। অনুগ্রহ করে আবার লগইন করুন।",
  },
  "login.failed": {
    EN: "Incorrect username or password.",
    BN: "ভুল ইউজারনেম বা পাসওয়ার্ড।",
  },
  "verification.code.invalid": {
    EN: "The verification code is wrong or has expired.",
    BN: "যাচাইকরণ কোডটি ভুল অথবা এর মেয়াদ শেষ হয়ে গেছে।",
  },
  request_body_required: {
    EN: "The request could not be read. Please try again.",
    BN: "অনুরোধটি পড়া যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।",
  },
  "parameter.invalid": {
    EN: "Some fields of the request are missing or invalid.",
    BN: "অনুরোধের কিছু তথ্য অনুপস্থিত বা সঠিক নয়।",
  },
  "insufficient.balance": {
    EN: "Insufficient balance.",
    BN: "পর্যাপ্ত ব্যালেন্স নেই।",
  },
  "idempotency.conflict": {
    EN: "This request was already used for a different operation.",
    BN: "এই অনুরোধটি আগে অন্য একটি লেনদেনে ব্যবহার করা হয়েছে।",
  },
  "system.error": {
    EN: "Something went wrong. Please try again later.",
    BN: "কিছু একটা সমস্যা হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।",
  },
} satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, lang: Language): string {
  return messages[key][lang];
}
