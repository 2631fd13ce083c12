import type { Language } from "./messages";

// Responsible gaming and the security centre (decision 018), spread into messages.ts.

export const playerMessages = {
  "trial.not.allowed": {
    EN: "This needs a real account. Please register or log in with your own account.",
    BN: "এর জন্য একটি আসল অ্যাকাউন্ট প্রয়োজন। অনুগ্রহ করে নিবন্ধন করুন বা নিজের অ্যাকাউন্টে লগইন করুন।",
  },
  "request.id.invalid": {
    EN: "This form was out of date. Please reload the page and try again.",
    BN: "এই ফর্মটি পুরনো হয়ে গেছে। অনুগ্রহ করে পৃষ্ঠাটি আবার লোড করে চেষ্টা করুন।",
  },
  "limit.type.invalid": {
    EN: "Choose a deposit, loss or session-time limit.",
    BN: "জমা, ক্ষতি বা সেশন-সময়ের একটি সীমা বেছে নিন।",
  },
  "limit.period.invalid": {
    EN: "Choose a daily, weekly or monthly limit.",
    BN: "দৈনিক, সাপ্তাহিক বা মাসিক একটি সীমা বেছে নিন।",
  },
  "limit.amount.invalid": {
    EN: "Enter a positive limit: an amount with at most two decimals, or whole minutes for session time (at most the length of the period).",
    BN: "একটি ধনাত্মক সীমা লিখুন: সর্বোচ্চ দুই দশমিক ঘরের পরিমাণ, অথবা সেশন-সময়ের জন্য পূর্ণ মিনিট (সময়কালের দৈর্ঘ্যের বেশি নয়)।",
  },
  "reality.check.invalid": {
    EN: "Choose a reminder every 15, 30, 60 or 120 minutes, or off.",
    BN: "প্রতি ১৫, ৩০, ৬০ বা ১২০ মিনিটে একটি রিমাইন্ডার বেছে নিন, অথবা বন্ধ রাখুন।",
  },
  "self.exclusion.days.invalid": {
    EN: "Choose a break of 1, 7, 30, 90, 180 or 365 days.",
    BN: "১, ৭, ৩০, ৯০, ১৮০ বা ৩৬৫ দিনের একটি বিরতি বেছে নিন।",
  },
  login_blocked_by_self_exclusion: {
    EN: "You have excluded yourself until {until}. You can log in again after that.",
    BN: "আপনি {until} পর্যন্ত নিজেকে বিরত রেখেছেন। এর পরে আবার লগইন করতে পারবেন।",
  },
  "limit.session.exceeded.DAY": {
    EN: "You have reached your daily session-time limit of {limit} minutes. You can log in again tomorrow.",
    BN: "আপনি আপনার দৈনিক {limit} মিনিটের সেশন-সময়ের সীমায় পৌঁছেছেন। আগামীকাল আবার লগইন করতে পারবেন।",
  },
  "limit.session.exceeded.WEEK": {
    EN: "You have reached your weekly session-time limit of {limit} minutes. You can log in again next week.",
    BN: "আপনি আপনার সাপ্তাহিক {limit} মিনিটের সেশন-সময়ের সীমায় পৌঁছেছেন। আগামী সপ্তাহে আবার লগইন করতে পারবেন।",
  },
  "limit.session.exceeded.MONTH": {
    EN: "You have reached your monthly session-time limit of {limit} minutes. You can log in again next month.",
    BN: "আপনি আপনার মাসিক {limit} মিনিটের সেশন-সময়ের সীমায় পৌঁছেছেন। আগামী মাসে আবার লগইন করতে পারবেন।",
  },
  "limit.deposit.exceeded.DAY": {
    EN: "This deposit would pass your daily deposit limit of {limit}. You can deposit up to {left} more today.",
    BN: "এই জমা আপনার দৈনিক {limit} জমার সীমা ছাড়িয়ে যাবে। আজ আপনি আর সর্বোচ্চ {left} জমা দিতে পারবেন।",
  },
  "limit.deposit.exceeded.WEEK": {
    EN: "This deposit would pass your weekly deposit limit of {limit}. You can deposit up to {left} more this week.",
    BN: "এই জমা আপনার সাপ্তাহিক {limit} জমার সীমা ছাড়িয়ে যাবে। এই সপ্তাহে আপনি আর সর্বোচ্চ {left} জমা দিতে পারবেন।",
  },
  "limit.deposit.exceeded.MONTH": {
    EN: "This deposit would pass your monthly deposit limit of {limit}. You can deposit up to {left} more this month.",
    BN: "এই জমা আপনার মাসিক {limit} জমার সীমা ছাড়িয়ে যাবে। এই মাসে আপনি আর সর্বোচ্চ {left} জমা দিতে পারবেন।",
  },
  "limit.loss.exceeded.DAY": {
    EN: "This bet could pass your daily loss limit of {limit}. You can stake up to {left} more today.",
    BN: "এই বাজি আপনার দৈনিক {limit} ক্ষতির সীমা ছাড়িয়ে যেতে পারে। আজ আপনি আর সর্বোচ্চ {left} বাজি ধরতে পারবেন।",
  },
  "limit.loss.exceeded.WEEK": {
    EN: "This bet could pass your weekly loss limit of {limit}. You can stake up to {left} more this week.",
    BN: "এই বাজি আপনার সাপ্তাহিক {limit} ক্ষতির সীমা ছাড়িয়ে যেতে পারে। এই সপ্তাহে আপনি আর সর্বোচ্চ {left} বাজি ধরতে পারবেন।",
  },
  "limit.loss.exceeded.MONTH": {
    EN: "This bet could pass your monthly loss limit of {limit}. You can stake up to {left} more this month.",
    BN: "এই বাজি আপনার মাসিক {limit} ক্ষতির সীমা ছাড়িয়ে যেতে পারে। এই মাসে আপনি আর সর্বোচ্চ {left} বাজি ধরতে পারবেন।",
  },
  "limit.loss.exceeded": {
    EN: "This bet could pass the loss limit you set. See Responsible gaming in your account for what is left.",
    BN: "এই বাজি আপনার নির্ধারিত ক্ষতির সীমা ছাড়িয়ে যেতে পারে। কত বাকি আছে তা আপনার অ্যাকাউন্টের দায়িত্বশীল গেমিং অংশে দেখুন।",
  },
  "nickname.invalid": {
    EN: "The nickname must be 2–20 characters, without < or >.",
    BN: "ডাকনাম ২–২০ অক্ষরের হতে হবে, < বা > ছাড়া।",
  },
  "avatar.invalid": {
    EN: "Choose one of the avatars shown.",
    BN: "দেখানো অবতারগুলোর একটি বেছে নিন।",
  },
  "avatar.image.invalid": {
    EN: "Upload a PNG or JPEG image.",
    BN: "একটি PNG বা JPEG ছবি আপলোড করুন।",
  },
  "avatar.image.too.large": {
    EN: "The image must be at most 200 KB.",
    BN: "ছবিটি সর্বোচ্চ ২০০ KB হতে পারে।",
  },
  "binding.final": {
    EN: "This is already bound to your account and cannot be changed. Contact customer service if it is wrong.",
    BN: "এটি ইতিমধ্যে আপনার অ্যাকাউন্টে যুক্ত এবং পরিবর্তন করা যায় না। ভুল হলে গ্রাহক সেবায় যোগাযোগ করুন।",
  },
  "email.invalid": {
    EN: "Enter a valid email address.",
    BN: "একটি সঠিক ইমেইল ঠিকানা লিখুন।",
  },
  "email.taken": {
    EN: "This email address belongs to another account.",
    BN: "এই ইমেইল ঠিকানাটি অন্য একটি অ্যাকাউন্টের।",
  },
  "mobile.taken": {
    EN: "This mobile number belongs to another account.",
    BN: "এই মোবাইল নম্বরটি অন্য একটি অ্যাকাউন্টের।",
  },
} satisfies Record<string, Record<Language, string>>;
