import type { Localized } from "../messages";
import type { PatternId } from "../patterns";

// Demo data of the accounts slice, written by seed-accounts.ts once per merchant.

export type FieldType = "text" | "password" | "email" | "tel" | "date" | "number";

export interface RegisterFieldSeed {
  field: string;
  enabled: boolean;
  required: boolean;
  patternId: PatternId;
  minLength: number;
  maxLength: number;
  type: FieldType;
}

/** Every register field of decision 008, in display order (sort = index). */
export const registerFieldSeeds: RegisterFieldSeed[] = [
  { field: "username", enabled: true, required: true, patternId: 1, minLength: 6, maxLength: 16, type: "text" },
  { field: "password", enabled: true, required: true, patternId: 0, minLength: 8, maxLength: 64, type: "password" },
  { field: "confirmPassword", enabled: true, required: true, patternId: 0, minLength: 8, maxLength: 64, type: "password" },
  { field: "payeeName", enabled: true, required: false, patternId: 12, minLength: 2, maxLength: 50, type: "text" },
  { field: "email", enabled: true, required: false, patternId: 3, minLength: 5, maxLength: 100, type: "email" },
  { field: "qqNum", enabled: false, required: false, patternId: 6, minLength: 5, maxLength: 12, type: "number" },
  { field: "mobileNum", enabled: true, required: false, patternId: 6, minLength: 7, maxLength: 15, type: "tel" },
  { field: "recommenderId", enabled: false, required: false, patternId: 4, minLength: 1, maxLength: 20, type: "text" },
  // Required at run time while REGMOBVERF3 is on (the settings call reports it so).
  { field: "verificationCode", enabled: true, required: false, patternId: 6, minLength: 6, maxLength: 6, type: "text" },
  { field: "affiliateCode", enabled: true, required: false, patternId: 4, minLength: 4, maxLength: 20, type: "text" },
  { field: "referralCode", enabled: true, required: false, patternId: 4, minLength: 4, maxLength: 20, type: "text" },
  { field: "paymentPassword", enabled: false, required: false, patternId: 6, minLength: 6, maxLength: 6, type: "password" },
  { field: "line", enabled: false, required: false, patternId: 9, minLength: 2, maxLength: 50, type: "text" },
  { field: "whatsapp", enabled: false, required: false, patternId: 6, minLength: 7, maxLength: 15, type: "tel" },
  { field: "facebook", enabled: false, required: false, patternId: 9, minLength: 2, maxLength: 100, type: "text" },
  { field: "wechat", enabled: false, required: false, patternId: 9, minLength: 2, maxLength: 50, type: "text" },
  { field: "idNumber", enabled: false, required: false, patternId: 4, minLength: 5, maxLength: 30, type: "text" },
  { field: "birthday", enabled: false, required: false, patternId: 11, minLength: 10, maxLength: 10, type: "date" },
];

export interface CountrySeed {
  countryCode: string;
  dialingCode: string;
  name: Localized;
}

/** Bangladesh first: the default country of the demo merchant. */
export const countrySeeds: CountrySeed[] = [
  {
    countryCode: "BD",
    dialingCode: "880",
    name: {
      EN: "Bangladesh",
      BN: "বাংলাদেশ",
      CN: "孟加拉国",
      ID: "Bangladesh",
      JA: "バングラデシュ",
      KO: "방글라데시",
      TH: "บังกลาเทศ",
      UR: "بنگلہ دیش",
      VI: "Bangladesh",
    },
  },
  {
    countryCode: "IN",
    dialingCode: "91",
    name: { EN: "India", BN: "ভারত", CN: "印度", ID: "India", JA: "インド", KO: "인도", TH: "อินเดีย", UR: "بھارت", VI: "Ấn Độ" },
  },
  {
    countryCode: "PK",
    dialingCode: "92",
    name: {
      EN: "Pakistan",
      BN: "পাকিস্তান",
      CN: "巴基斯坦",
      ID: "Pakistan",
      JA: "パキスタン",
      KO: "파키스탄",
      TH: "ปากีสถาน",
      UR: "پاکستان",
      VI: "Pakistan",
    },
  },
  {
    countryCode: "NP",
    dialingCode: "977",
    name: { EN: "Nepal", BN: "নেপাল", CN: "尼泊尔", ID: "Nepal", JA: "ネパール", KO: "네팔", TH: "เนปาล", UR: "نیپال", VI: "Nepal" },
  },
  {
    countryCode: "LK",
    dialingCode: "94",
    name: {
      EN: "Sri Lanka",
      BN: "শ্রীলঙ্কা",
      CN: "斯里兰卡",
      ID: "Sri Lanka",
      JA: "スリランカ",
      KO: "스리랑카",
      TH: "ศรีลังกา",
      UR: "سری لنکا",
      VI: "Sri Lanka",
    },
  },
  {
    countryCode: "PH",
    dialingCode: "63",
    name: {
      EN: "Philippines",
      BN: "ফিলিপাইন",
      CN: "菲律宾",
      ID: "Filipina",
      JA: "フィリピン",
      KO: "필리핀",
      TH: "ฟิลิปปินส์",
      UR: "فلپائن",
      VI: "Philippines",
    },
  },
  {
    countryCode: "VN",
    dialingCode: "84",
    name: {
      EN: "Vietnam",
      BN: "ভিয়েতনাম",
      CN: "越南",
      ID: "Vietnam",
      JA: "ベトナム",
      KO: "베트남",
      TH: "เวียดนาม",
      UR: "ویتنام",
      VI: "Việt Nam",
    },
  },
  {
    countryCode: "TH",
    dialingCode: "66",
    name: { EN: "Thailand", BN: "থাইল্যান্ড", CN: "泰国", ID: "Thailand", JA: "タイ", KO: "태국", TH: "ไทย", UR: "تھائی لینڈ", VI: "Thái Lan" },
  },
  {
    countryCode: "ID",
    dialingCode: "62",
    name: {
      EN: "Indonesia",
      BN: "ইন্দোনেশিয়া",
      CN: "印度尼西亚",
      ID: "Indonesia",
      JA: "インドネシア",
      KO: "인도네시아",
      TH: "อินโดนีเซีย",
      UR: "انڈونیشیا",
      VI: "Indonesia",
    },
  },
  {
    countryCode: "MY",
    dialingCode: "60",
    name: {
      EN: "Malaysia",
      BN: "মালয়েশিয়া",
      CN: "马来西亚",
      ID: "Malaysia",
      JA: "マレーシア",
      KO: "말레이시아",
      TH: "มาเลเซีย",
      UR: "ملائیشیا",
      VI: "Malaysia",
    },
  },
  {
    countryCode: "SG",
    dialingCode: "65",
    name: {
      EN: "Singapore",
      BN: "সিঙ্গাপুর",
      CN: "新加坡",
      ID: "Singapura",
      JA: "シンガポール",
      KO: "싱가포르",
      TH: "สิงคโปร์",
      UR: "سنگاپور",
      VI: "Singapore",
    },
  },
  {
    countryCode: "GB",
    dialingCode: "44",
    name: {
      EN: "United Kingdom",
      BN: "যুক্তরাজ্য",
      CN: "英国",
      ID: "Inggris",
      JA: "イギリス",
      KO: "영국",
      TH: "สหราชอาณาจักร",
      UR: "برطانیہ",
      VI: "Vương quốc Anh",
    },
  },
];

/** Added to the merchant's settings where the key is missing (existing values win). */
export const accountSettings: Record<string, unknown> = {
  minimumAge: 18,
  termsUrl: "/helpmc?tag=terms",
  passwordMinLength: 8,
  passwordMaxLength: 64,
  defaultPassword: "123456",
  passwordExpiryDays: 0,
  freePlayCredit: 2000,
};

export const DEFAULT_PASSWORD = "123456";

export const DEMO_MEMBER_MOBILE = "8801712345678";
/** What the first seed gave demo_member; replaced by DEMO_MEMBER_MOBILE. */
export const OLD_DEMO_MEMBER_MOBILE = "8801711000002";

export interface ExtraMemberSeed {
  username: string;
  /** "default" = DEFAULT_PASSWORD, "demo" = the demo password. */
  password: "default" | "demo";
  nickname: string;
  mobile: string | null;
  email: string | null;
  createdAt: string;
  /** Where the member last logged in from (none: never logged in). */
  lastLoginIp: string | null;
}

export const extraMemberSeeds: ExtraMemberSeed[] = [
  {
    username: "demo_default",
    password: "default",
    nickname: "Demo Default",
    mobile: null,
    email: null,
    createdAt: "2024-04-01T08:00:00Z",
    lastLoginIp: null,
  },
  {
    username: "demo_2fa",
    password: "demo",
    nickname: "Demo 2FA",
    mobile: "8801812345678",
    email: null,
    createdAt: "2024-04-02T08:00:00Z",
    lastLoginIp: "10.9.9.9",
  },
];

export const affiliateCodeSeeds: { code: string; owner: string }[] = [{ code: "AGENT01", owner: "demo_agent" }];

export const referralCodeSeeds: { code: string; owner: string }[] = [{ code: "DEMOREF1", owner: "demo_member" }];
