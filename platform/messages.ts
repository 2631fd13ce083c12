// Platform messages and seeded texts come in every language the seed offers. The Language header
// chooses; anything else falls back to English.
import { moneyMessages } from "./money-messages";

import { playerMessages } from "./player-messages";
import { recordsMessages } from "./messages-records";

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
  ...moneyMessages,
  ...recordsMessages,
  ...playerMessages,
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
  "social.login.failed": {
    EN: "Signing in with this account did not work. Please try again.",
    BN: "এই অ্যাকাউন্ট দিয়ে সাইন ইন করা যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।",
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
  "login.locked": {
    EN: "Too many failed logins. This account is locked for 15 minutes.",
    BN: "অনেকবার ভুল লগইন হয়েছে। এই অ্যাকাউন্টটি ১৫ মিনিটের জন্য লক করা হয়েছে।",
  },
  "login.verification.required": {
    EN: "This is a new device or network. Please verify it is you.",
    BN: "এটি একটি নতুন ডিভাইস বা নেটওয়ার্ক। অনুগ্রহ করে যাচাই করুন যে এটি আপনি।",
  },
  "login.verification.expired": {
    EN: "The verification has expired. Please log in again.",
    BN: "যাচাইয়ের মেয়াদ শেষ হয়েছে। অনুগ্রহ করে আবার লগইন করুন।",
  },
  "captcha.invalid": {
    EN: "The captcha is wrong or missing.",
    BN: "ক্যাপচা ভুল অথবা দেওয়া হয়নি।",
  },
  "human.verification.failed": {
    EN: "Captcha check failed. Please try again.",
    BN: "ক্যাপচা যাচাই ব্যর্থ হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।",
  },
  "verification.code.expired": {
    EN: "The verification code has expired. Please send a new one.",
    BN: "যাচাইকরণ কোডের মেয়াদ শেষ হয়েছে। অনুগ্রহ করে নতুন কোড পাঠান।",
  },
  "sms.resend.too.soon": {
    EN: "Please wait before requesting another code.",
    BN: "আরেকটি কোড চাওয়ার আগে অনুগ্রহ করে অপেক্ষা করুন।",
  },
  "sms.too.many.requests": {
    EN: "Too many requests, try again after 5 minutes.",
    BN: "অনেক বেশি অনুরোধ, ৫ মিনিট পরে আবার চেষ্টা করুন।",
  },
  "too.many.requests": {
    EN: "Too many requests, please try again later.",
    BN: "অনেক বেশি অনুরোধ, অনুগ্রহ করে পরে আবার চেষ্টা করুন।",
  },
  "mobile.invalid": {
    EN: "Invalid phone number format.",
    BN: "ফোন নম্বরের ফরম্যাট সঠিক নয়।",
  },
  "register.username.taken": {
    EN: "This username is already taken.",
    BN: "এই ইউজারনেমটি ইতিমধ্যে নেওয়া হয়েছে।",
  },
  "register.mobile.taken": {
    EN: "This mobile number is already registered.",
    BN: "এই মোবাইল নম্বরটি ইতিমধ্যে নিবন্ধিত।",
  },
  "register.field.invalid": {
    EN: "Some fields are not filled in correctly.",
    BN: "কিছু তথ্য সঠিকভাবে পূরণ করা হয়নি।",
  },
  "register.age.required": {
    EN: "You must be at least {minimumAge} years old to register.",
    BN: "নিবন্ধনের জন্য আপনার বয়স কমপক্ষে {minimumAge} বছর হতে হবে।",
  },
  "invitation.code.invalid": {
    EN: "The invitation code is invalid.",
    BN: "আমন্ত্রণ কোডটি সঠিক নয়।",
  },
  "password.old.invalid": {
    EN: "The current password is wrong.",
    BN: "বর্তমান পাসওয়ার্ডটি ভুল।",
  },
  "password.rule": {
    EN: "The password must be {min}–{max} characters.",
    BN: "পাসওয়ার্ড {min}–{max} অক্ষরের হতে হবে।",
  },
  "password.same": {
    EN: "The new password must differ from the current one.",
    BN: "নতুন পাসওয়ার্ড বর্তমান পাসওয়ার্ড থেকে আলাদা হতে হবে।",
  },
  "password.confirm.mismatch": {
    EN: "The two passwords do not match.",
    BN: "দুটি পাসওয়ার্ড মেলেনি।",
  },
  "field.required": {
    EN: "This field cannot be empty.",
    BN: "এই ঘরটি খালি রাখা যাবে না।",
  },
  "pattern.0": { EN: "Must be {range} characters.", BN: "{range} অক্ষরের হতে হবে।" },
  "pattern.1": { EN: "Must start with a letter, then letters and digits, {range} characters.", BN: "অক্ষর দিয়ে শুরু করে অক্ষর ও সংখ্যা, {range} অক্ষর।" },
  "pattern.2": { EN: "Chinese characters and numbers only, {range} characters.", BN: "শুধু চীনা অক্ষর ও সংখ্যা, {range} অক্ষর।" },
  "pattern.3": { EN: "Please enter a valid email address.", BN: "অনুগ্রহ করে একটি সঠিক ইমেল ঠিকানা দিন।" },
  "pattern.4": { EN: "Letters and digits only, no special characters, {range} characters.", BN: "শুধু অক্ষর ও সংখ্যা, কোনো বিশেষ চিহ্ন নয়, {range} অক্ষর।" },
  "pattern.5": { EN: "Must combine letters and digits, {range} characters.", BN: "অক্ষর ও সংখ্যা দুটোই থাকতে হবে, {range} অক্ষর।" },
  "pattern.6": { EN: "Digits only, {range} digits.", BN: "শুধু সংখ্যা, {range} অঙ্ক।" },
  "pattern.7": { EN: "Letters and digits with at least one capital letter, {range} characters.", BN: "অন্তত একটি বড় হাতের অক্ষরসহ অক্ষর ও সংখ্যা, {range} অক্ষর।" },
  "pattern.8": { EN: "English letters and spaces only, {range} characters.", BN: "শুধু ইংরেজি অক্ষর ও স্পেস, {range} অক্ষর।" },
  "pattern.9": { EN: "No spaces allowed, {range} characters.", BN: "কোনো স্পেস দেওয়া যাবে না, {range} অক্ষর।" },
  "pattern.10": { EN: "Chinese characters and punctuation only, {range} characters.", BN: "শুধু চীনা অক্ষর ও বিরামচিহ্ন, {range} অক্ষর।" },
  "pattern.11": { EN: "Enter a date as yyyy-MM-dd.", BN: "তারিখ yyyy-MM-dd আকারে লিখুন।" },
  "pattern.12": { EN: "Letters and spaces only, {range} characters.", BN: "শুধু অক্ষর ও স্পেস, {range} অক্ষর।" },
  "pattern.13": { EN: "Enter a date as MM-dd-yyyy.", BN: "তারিখ MM-dd-yyyy আকারে লিখুন।" },
  "pattern.14": { EN: "Letters and digits only, {range} characters.", BN: "শুধু অক্ষর ও সংখ্যা, {range} অক্ষর।" },
  "pattern.15": { EN: "Korean characters only, {range} characters.", BN: "শুধু কোরিয়ান অক্ষর, {range} অক্ষর।" },
  "pattern.16": { EN: "Thai characters only, {range} characters.", BN: "শুধু থাই অক্ষর, {range} অক্ষর।" },
  "pattern.17": { EN: "Thai or English letters and spaces only, {range} characters.", BN: "শুধু থাই বা ইংরেজি অক্ষর ও স্পেস, {range} অক্ষর।" },
  "pattern.18": { EN: "Capital letters and spaces, with at least one English letter, {range} characters.", BN: "বড় হাতের অক্ষর ও স্পেস, অন্তত একটি ইংরেজি অক্ষরসহ, {range} অক্ষর।" },
  "pattern.19": { EN: "Letters, digits and symbols without spaces, {range} characters.", BN: "স্পেস ছাড়া অক্ষর, সংখ্যা ও চিহ্ন, {range} অক্ষর।" },
  "pattern.20": { EN: "Needs an upper-case letter, a lower-case letter, a digit and a symbol, {range} characters.", BN: "একটি বড় হাতের অক্ষর, একটি ছোট হাতের অক্ষর, একটি সংখ্যা ও একটি চিহ্ন লাগবে, {range} অক্ষর।" },
  "sms.code.text": {
    EN: "Your verification code is {code}. It expires in {minutes} minutes. Never share it.",
    BN: "আপনার যাচাইকরণ কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। কাউকে জানাবেন না।",
  },
  "email.code.subject": { EN: "Your verification code", BN: "আপনার যাচাইকরণ কোড" },
  "email.code.body": {
    EN: "Your verification code is {code}. It expires in {minutes} minutes. If you did not try to log in, change your password.",
    BN: "আপনার যাচাইকরণ কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। আপনি লগইন করার চেষ্টা না করলে পাসওয়ার্ড পরিবর্তন করুন।",
  },
  "email.password.subject": { EN: "Your temporary password", BN: "আপনার অস্থায়ী পাসওয়ার্ড" },
  "email.password.body": {
    EN: "Hello {username}, your temporary password is {password}. It works for 24 hours, and you must choose a new password when you log in with it. Your old password still works.",
    BN: "হ্যালো {username}, আপনার অস্থায়ী পাসওয়ার্ড {password}। এটি ২৪ ঘণ্টা কাজ করবে, এবং এটি দিয়ে লগইন করলে আপনাকে নতুন পাসওয়ার্ড বেছে নিতে হবে। আপনার পুরনো পাসওয়ার্ডও কাজ করবে।",
  },
  "game.not.found": {
    EN: "This game does not exist.",
    BN: "এই গেমটি নেই।",
  },
  "favourite.limit": {
    EN: "You can keep at most {max} favourite games.",
    BN: "আপনি সর্বোচ্চ {max}টি প্রিয় গেম রাখতে পারেন।",
  },
  "launch.mode.required": {
    EN: "The game could not be opened: the launch mode is missing. (#727)",
    BN: "গেমটি খোলা যায়নি: লঞ্চ মোড দেওয়া হয়নি। (#727)",
  },
  "game.maintenance": {
    EN: "The game is under maintenance.",
    BN: "গেমটির রক্ষণাবেক্ষণ চলছে।",
  },
  "play.session.ended": {
    EN: "This game session has ended. Please launch the game again.",
    BN: "এই গেম সেশনটি শেষ হয়েছে। অনুগ্রহ করে গেমটি আবার চালু করুন।",
  },
  "play.stake.invalid": {
    EN: "Choose a stake between {min} and {max}.",
    BN: "{min} থেকে {max} এর মধ্যে একটি বাজির পরিমাণ বেছে নিন।",
  },
  "play.cashout.invalid": {
    EN: "The cash-out must be between 1.01× and 100×.",
    BN: "ক্যাশ-আউট ১.০১× থেকে ১০০× এর মধ্যে হতে হবে।",
  },
  "play.round.invalid": {
    EN: "This page was out of date. Please try again.",
    BN: "এই পৃষ্ঠাটি পুরনো হয়ে গিয়েছিল। অনুগ্রহ করে আবার চেষ্টা করুন।",
  },
  "play.balance.insufficient": {
    EN: "Your balance is too low for this stake.",
    BN: "এই বাজির জন্য আপনার ব্যালেন্স যথেষ্ট নয়।",
  },
  "play.not.playable": {
    EN: "This game cannot be played here.",
    BN: "এই গেমটি এখানে খেলা যায় না।",
  },
  "system.error": {
    EN: "Something went wrong. Please try again later.",
    BN: "কিছু একটা সমস্যা হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।",
  },
} satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, lang: Language, vars: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
