import type { Localized } from "../messages";

// The demo data, as plain values: seed.ts writes them. Everything is fixed so that two fresh
// databases look the same (only password salts and the RSA key differ).

export interface AnnouncementSeed {
  kind: "banner" | "marquee" | "popup" | "promotion";
  groupName?: string;
  title: Localized;
  content?: Localized;
  linkageType?: number;
  redirect?: string;
  externalLink?: string;
  displaySpeed?: number;
  startsAt?: string;
  endsAt?: string;
  publishedAt: string;
}

export const announcementSeeds: AnnouncementSeed[] = [
  // Banners (B): linkageType 0 = no link, 1 = page of the site (redirect), 2 = external link.
  { kind: "banner", groupName: "w_home", title: { EN: "Welcome bonus 100% up to ৳10,000", BN: "স্বাগতম বোনাস ১০০%, সর্বোচ্চ ৳১০,০০০" }, linkageType: 1, redirect: "/promotions", publishedAt: "2025-01-01T00:00:00Z" },
  { kind: "banner", groupName: "w_home", title: { EN: "Daily cashback up to 1%", BN: "প্রতিদিন ১% পর্যন্ত ক্যাশব্যাক" }, publishedAt: "2025-01-02T00:00:00Z" },
  { kind: "banner", groupName: "w_home", title: { EN: "Live casino weekend tournament", BN: "লাইভ ক্যাসিনো সাপ্তাহিক টুর্নামেন্ট" }, linkageType: 2, externalLink: "https://example.com/tournament", publishedAt: "2025-01-03T00:00:00Z" },
  { kind: "banner", groupName: "w_login", title: { EN: "Log in and win every day", BN: "লগইন করুন, প্রতিদিন জিতুন" }, publishedAt: "2025-01-01T00:00:00Z" },
  { kind: "banner", groupName: "w_register", title: { EN: "Join today and claim your bonus", BN: "আজই যোগ দিন, বোনাস নিন" }, linkageType: 1, redirect: "/promotions", publishedAt: "2025-01-01T00:00:00Z" },
  // Marquee (PL).
  { kind: "marquee", title: { EN: "Welcome", BN: "স্বাগতম" }, content: { EN: "Welcome! Deposits are credited within 5 minutes.", BN: "স্বাগতম! ডিপোজিট ৫ মিনিটের মধ্যে জমা হয়।" }, displaySpeed: 3, publishedAt: "2025-01-01T00:00:00Z" },
  { kind: "marquee", title: { EN: "Cricket", BN: "ক্রিকেট" }, content: { EN: "New: bet on every international cricket match.", BN: "নতুন: প্রতিটি আন্তর্জাতিক ক্রিকেট ম্যাচে বাজি ধরুন।" }, displaySpeed: 3, externalLink: "", publishedAt: "2025-01-02T00:00:00Z" },
  { kind: "marquee", title: { EN: "Security", BN: "নিরাপত্তা" }, content: { EN: "Never share your password or verification code with anyone.", BN: "আপনার পাসওয়ার্ড বা যাচাইকরণ কোড কারও সাথে শেয়ার করবেন না।" }, displaySpeed: 3, publishedAt: "2025-01-03T00:00:00Z" },
  // Popups (PU): HTML on purpose with a link and a script, which the app must strip.
  {
    kind: "popup",
    title: { EN: "System upgrade notice", BN: "সিস্টেম আপগ্রেডের নোটিশ" },
    content: {
      EN: `<p>The site will be upgraded on <b>Sunday 02:00–04:00</b>. <a href="/help">Read more</a></p><script>alert("popup")</script>`,
      BN: `<p><b>রবিবার ০২:০০–০৪:০০</b> সাইটটি আপগ্রেড করা হবে। <a href="/help">আরও পড়ুন</a></p><script>alert("popup")</script>`,
    },
    publishedAt: "2025-01-05T08:00:00Z",
  },
  {
    kind: "popup",
    title: { EN: "Weekend deposit bonus", BN: "সপ্তাহান্তের ডিপোজিট বোনাস" },
    content: {
      EN: `<p>Deposit this weekend and get <strong>10% extra</strong>. <a href="/promotions" onclick="steal()">See promotions</a></p><script src="https://evil.example/x.js"></script>`,
      BN: `<p>এই সপ্তাহান্তে ডিপোজিট করুন এবং <strong>১০% অতিরিক্ত</strong> পান। <a href="/promotions" onclick="steal()">প্রমোশন দেখুন</a></p><script src="https://evil.example/x.js"></script>`,
    },
    publishedAt: "2025-01-06T08:00:00Z",
  },
  // Promotions (PR): group_name holds the category.
  {
    kind: "promotion",
    groupName: "NEW_MEMBER",
    title: { EN: "First deposit bonus 100%", BN: "প্রথম ডিপোজিটে ১০০% বোনাস" },
    content: { EN: "<p>Double your first deposit, up to ৳10,000.</p>", BN: "<p>আপনার প্রথম ডিপোজিট দ্বিগুণ করুন, সর্বোচ্চ ৳১০,০০০।</p>" },
    startsAt: "2025-01-01T00:00:00Z",
    publishedAt: "2025-01-01T00:00:00Z",
  },
  {
    kind: "promotion",
    groupName: "SLOTS",
    title: { EN: "Weekly slots cashback 1%", BN: "সাপ্তাহিক স্লট ক্যাশব্যাক ১%" },
    content: { EN: "<p>Get 1% of your weekly slots turnover back.</p>", BN: "<p>সাপ্তাহিক স্লট টার্নওভারের ১% ফেরত পান।</p>" },
    startsAt: "2025-01-01T00:00:00Z",
    endsAt: "2030-12-31T23:59:59Z",
    publishedAt: "2025-01-02T00:00:00Z",
  },
];

/** Longest matching prefix wins; "::1" and 127.* are answered without this table. */
export const ipCountryPrefixes: [string, string][] = [
  ["10.", "Local network"],
  ["192.168.", "Local network"],
  ["27.147.", "Bangladesh"],
  ["103.4.145.", "Bangladesh"],
  ["114.130.", "Bangladesh"],
  ["49.204.", "India"],
  ["14.160.", "Vietnam"],
  ["112.198.", "Philippines"],
  ["8.8.", "United States"],
];

export const walletTypes: { accountTypeId: number; displayName: Localized }[] = [
  { accountTypeId: 2, displayName: { EN: "Main Wallet", BN: "প্রধান ওয়ালেট" } },
  { accountTypeId: 8, displayName: { EN: "JILI Wallet", BN: "JILI ওয়ালেট" } },
  { accountTypeId: 12, displayName: { EN: "Pragmatic Play Wallet", BN: "Pragmatic Play ওয়ালেট" } },
];

export const clubLabels: Record<number, Localized> = {
  1: { EN: "Bronze", BN: "ব্রোঞ্জ" },
  2: { EN: "Silver", BN: "সিলভার" },
  3: { EN: "Gold", BN: "গোল্ড" },
  4: { EN: "Platinum", BN: "প্লাটিনাম" },
  5: { EN: "Diamond", BN: "ডায়মন্ড" },
};

export function merchantSettings(merchant: string): Record<string, unknown> {
  return {
    freePlayCredit: 2000,
    passwordExpiryDays: 0,
    loginedToHomePage: false,
    mainDomain: "localhost",
    gtagId: "",
    languages: ["EN", "BN"],
    defaultLanguage: "EN",
    // TIKTOK is left out on purpose: social links are optional.
    resources: [
      { resourceType: "FACEBOOK", url: "https://www.facebook.com/example", qrCodeUrl: "", label: { EN: "Facebook", BN: "ফেসবুক" } },
      { resourceType: "TELEGRAM", url: "https://t.me/example", qrCodeUrl: "", label: { EN: "Telegram", BN: "টেলিগ্রাম" } },
      { resourceType: "WHATSAPP", url: "https://wa.me/8801700000000", qrCodeUrl: "", label: { EN: "WhatsApp", BN: "হোয়াটসঅ্যাপ" } },
      { resourceType: "YOUTUBE", url: "https://www.youtube.com/@example", qrCodeUrl: "", label: { EN: "YouTube", BN: "ইউটিউব" } },
      { resourceType: "IOS", url: "https://download.example.com/app.ipa", qrCodeUrl: "", label: { EN: "iOS app", BN: "আইওএস অ্যাপ" } },
      { resourceType: "MOBILECONFIG", url: "https://download.example.com/app.mobileconfig", qrCodeUrl: "", label: { EN: "iOS web clip", BN: "আইওএস ওয়েব ক্লিপ" } },
      { resourceType: "ANDROID", url: "https://download.example.com/app.apk", qrCodeUrl: "", label: { EN: "Android app", BN: "অ্যান্ড্রয়েড অ্যাপ" } },
    ],
    customerService: [
      { csType: "LIVECHAT", url: `https://chat.example.com/livechat?merchant=${merchant}` },
      { csType: "VIP", url: `https://chat.example.com/vip?merchant=${merchant}` },
    ],
  };
}

export const DEMO_PASSWORD = "Demo@1234";

export interface MemberSeed {
  username: string;
  accountType: number;
  nickname: string;
  mobile: string;
  email: string;
  rankLevel: number;
  upline?: string;
  createdAt: string;
  /** Major units per accountTypeId. */
  balances?: Record<number, number>;
}

/** Agents first: members refer to their upline by name. */
export const memberSeeds: MemberSeed[] = [
  { username: "demo_agent", accountType: 1, nickname: "Demo Agent", mobile: "8801711000001", email: "agent@example.com", rankLevel: 1, createdAt: "2024-01-10T09:00:00Z" },
  { username: "demo_member", accountType: 0, nickname: "Demo Member", mobile: "8801712345678", email: "member@example.com", rankLevel: 2, upline: "demo_agent", createdAt: "2024-03-01T10:00:00Z", balances: { 2: 5000, 8: 250 } },
  { username: "demo_vip", accountType: 0, nickname: "Demo VIP", mobile: "8801711000003", email: "vip@example.com", rankLevel: 5, createdAt: "2024-02-15T12:00:00Z" },
];
