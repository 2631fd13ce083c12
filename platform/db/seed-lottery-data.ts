import type { Language, Localized } from "../messages";

// The demo lotteries of decision 014 (prize modes Lott, VN and SEA), written by seed-games.ts.
// Draw times follow from drawMinutes (which divides a day) and, for daily draws, the group's
// draw minute: see services/lottery.ts.

export type PrizeMode = "Lott" | "VN" | "SEA";

export interface LotteryGroupSeed {
  prizeMode: PrizeMode;
  code: string;
  /** gameGroupId on the wire, and the menus' order. */
  id: number;
  name: Localized;
  /** Minute of the UTC day at which its daily games draw. */
  dailyDrawMinute: number;
  games: LotteryGameSeed[];
}

export interface LotteryGameSeed {
  code: string;
  name: Localized;
  drawMinutes: number;
  /** Numbers per draw; 0–9 digits (repeats allowed) when ballMax is 9, else distinct 1..ballMax. */
  ballCount: number;
  ballMax: number;
  popular?: boolean;
}

const BN_DIGITS = "০১২৩৪৫৬৭৮৯";
const bnNumber = (n: number | string) => String(n).replace(/\d/g, (d) => BN_DIGITS[Number(d)]!);

/** The languages after English and Bengali: their names are built here, with Latin digits. */
type OtherLanguage = Exclude<Language, "EN" | "BN">;

/**
 * Game names (or name prefixes) that another language writes differently, by English name. A name
 * not listed is a lottery's or a place's proper noun ("5D", "Keno", "Magnum 4D", "Hà Nội") and is
 * kept as it is.
 */
const OTHER_NAMES: Record<string, Record<OtherLanguage, string>> = {
  "3D Daily": { CN: "3D每日彩", ID: "3D Harian", JA: "3Dデイリー", KO: "3D 데일리", TH: "3D รายวัน", UR: "3D روزانہ", VI: "3D hằng ngày" },
  "Singapore 4D": {
    CN: "新加坡4D",
    ID: "Singapore 4D",
    JA: "シンガポール4D",
    KO: "싱가포르 4D",
    TH: "สิงคโปร์ 4D",
    UR: "سنگاپور 4D",
    VI: "4D Singapore",
  },
  "Thai 3D": { CN: "泰国3D", ID: "3D Thailand", JA: "タイ3D", KO: "태국 3D", TH: "ไทย 3D", UR: "تھائی 3D", VI: "3D Thái Lan" },
  "Lao 4D": { CN: "老挝4D", ID: "4D Laos", JA: "ラオス4D", KO: "라오스 4D", TH: "ลาว 4D", UR: "لاؤس 4D", VI: "4D Lào" },
};

const nameIn = (lang: OtherLanguage, en: string) => OTHER_NAMES[en]?.[lang] ?? en;

/** "<prefix> N Minute(s)" in every language. */
function every(
  code: string,
  en: string,
  bn: string,
  minutes: number,
  ballCount: number,
  ballMax: number,
  popular = false,
): LotteryGameSeed {
  return {
    code,
    name: {
      EN: `${en} ${minutes} Minute${minutes === 1 ? "" : "s"}`,
      BN: `${bn} ${bnNumber(minutes)} মিনিট`,
      CN: `${nameIn("CN", en)} ${minutes}分钟`,
      ID: `${nameIn("ID", en)} ${minutes} Menit`,
      JA: `${nameIn("JA", en)} ${minutes}分`,
      KO: `${nameIn("KO", en)} ${minutes}분`,
      TH: `${nameIn("TH", en)} ${minutes} นาที`,
      UR: `${nameIn("UR", en)} ${minutes} منٹ`,
      VI: `${nameIn("VI", en)} ${minutes} phút`,
    },
    drawMinutes: minutes,
    ballCount,
    ballMax,
    popular,
  };
}

function daily(code: string, en: string, bn: string, ballCount: number, ballMax: number, popular = false): LotteryGameSeed {
  const name: Localized = {
    EN: en,
    BN: bn,
    CN: nameIn("CN", en),
    ID: nameIn("ID", en),
    JA: nameIn("JA", en),
    KO: nameIn("KO", en),
    TH: nameIn("TH", en),
    UR: nameIn("UR", en),
    VI: nameIn("VI", en),
  };
  return { code, name, drawMinutes: 1440, ballCount, ballMax, popular };
}

export const lotteryGroups: LotteryGroupSeed[] = [
  {
    prizeMode: "Lott",
    code: "5D",
    id: 101,
    name: { EN: "5D", BN: "৫ডি", CN: "5D", ID: "5D", JA: "5D", KO: "5D", TH: "5D", UR: "5D", VI: "5D" },
    dailyDrawMinute: 12 * 60,
    games: [every("5D1", "5D", "৫ডি", 1, 5, 9, true), every("5D3", "5D", "৫ডি", 3, 5, 9), every("5D5", "5D", "৫ডি", 5, 5, 9, true)],
  },
  {
    prizeMode: "Lott",
    code: "3D",
    id: 102,
    name: { EN: "3D", BN: "৩ডি", CN: "3D", ID: "3D", JA: "3D", KO: "3D", TH: "3D", UR: "3D", VI: "3D" },
    dailyDrawMinute: 12 * 60,
    games: [every("3D1", "3D", "৩ডি", 1, 3, 9), every("3D5", "3D", "৩ডি", 5, 3, 9), daily("3DDAILY", "3D Daily", "৩ডি দৈনিক", 3, 9)],
  },
  {
    prizeMode: "Lott",
    code: "PK10",
    id: 103,
    name: { EN: "PK10", BN: "পিকে১০", CN: "PK10", ID: "PK10", JA: "PK10", KO: "PK10", TH: "PK10", UR: "PK10", VI: "PK10" },
    dailyDrawMinute: 12 * 60,
    games: [
      every("PK10_1", "PK10", "পিকে১০", 1, 10, 10),
      every("PK10_3", "PK10", "পিকে১০", 3, 10, 10, true),
      every("PK10_5", "PK10", "পিকে১০", 5, 10, 10),
    ],
  },
  {
    prizeMode: "Lott",
    code: "KENO",
    id: 104,
    name: { EN: "Keno", BN: "কেনো", CN: "Keno", ID: "Keno", JA: "Keno", KO: "Keno", TH: "Keno", UR: "Keno", VI: "Keno" },
    dailyDrawMinute: 12 * 60,
    games: [every("KENO5", "Keno", "কেনো", 5, 20, 80, true), every("KENO10", "Keno", "কেনো", 10, 20, 80)],
  },
  {
    prizeMode: "VN",
    code: "VN_NORTH",
    id: 201,
    name: {
      EN: "Northern Vietnam",
      BN: "উত্তর ভিয়েতনাম",
      CN: "越南北部",
      ID: "Vietnam Utara",
      JA: "ベトナム北部",
      KO: "베트남 북부",
      TH: "เวียดนามเหนือ",
      UR: "شمالی ویتنام",
      VI: "Miền Bắc",
    },
    // 18:15 in Vietnam (UTC+7).
    dailyDrawMinute: 11 * 60 + 15,
    games: [
      daily("VN_HANOI", "Hà Nội", "হ্যানয়", 5, 9, true),
      daily("VN_QUANGNINH", "Quảng Ninh", "কুয়াং নিন", 5, 9),
      daily("VN_BACNINH", "Bắc Ninh", "বাক নিন", 5, 9),
      daily("VN_HAIPHONG", "Hải Phòng", "হাইফং", 5, 9),
    ],
  },
  {
    prizeMode: "VN",
    code: "VN_CENTRAL",
    id: 202,
    name: {
      EN: "Central Vietnam",
      BN: "মধ্য ভিয়েতনাম",
      CN: "越南中部",
      ID: "Vietnam Tengah",
      JA: "ベトナム中部",
      KO: "베트남 중부",
      TH: "เวียดนามกลาง",
      UR: "وسطی ویتنام",
      VI: "Miền Trung",
    },
    dailyDrawMinute: 10 * 60 + 15,
    games: [
      daily("VN_DANANG", "Đà Nẵng", "দা নাং", 5, 9),
      daily("VN_KHANHHOA", "Khánh Hòa", "খান হোয়া", 5, 9),
      daily("VN_HUE", "Thừa Thiên Huế", "থুয়া থিয়েন হুয়ে", 5, 9),
    ],
  },
  {
    prizeMode: "VN",
    code: "VN_SOUTH",
    id: 203,
    name: {
      EN: "Southern Vietnam",
      BN: "দক্ষিণ ভিয়েতনাম",
      CN: "越南南部",
      ID: "Vietnam Selatan",
      JA: "ベトナム南部",
      KO: "베트남 남부",
      TH: "เวียดนามใต้",
      UR: "جنوبی ویتنام",
      VI: "Miền Nam",
    },
    dailyDrawMinute: 9 * 60 + 15,
    games: [
      daily("VN_HCMC", "TP. Hồ Chí Minh", "হো চি মিন সিটি", 5, 9, true),
      daily("VN_DONGTHAP", "Đồng Tháp", "দং থাপ", 5, 9),
      daily("VN_CANTHO", "Cần Thơ", "ক্যান থো", 5, 9),
      daily("VN_VUNGTAU", "Vũng Tàu", "ভুং তাউ", 5, 9),
    ],
  },
  {
    prizeMode: "VN",
    code: "VN_FAST",
    id: 204,
    name: {
      EN: "Fast Vietnam Lottery",
      BN: "দ্রুত ভিয়েতনাম লটারি",
      CN: "越南极速彩",
      ID: "Lotre Cepat Vietnam",
      JA: "ベトナム高速宝くじ",
      KO: "베트남 스피드 로또",
      TH: "หวยเวียดนามด่วน",
      UR: "فاسٹ ویتنام لاٹری",
      VI: "Xổ số siêu tốc Việt Nam",
    },
    dailyDrawMinute: 0,
    games: [every("VN1", "VN", "ভিএন", 1, 5, 9, true), every("VN3", "VN", "ভিএন", 3, 5, 9), every("VN5", "VN", "ভিএন", 5, 5, 9)],
  },
  {
    prizeMode: "SEA",
    code: "SEA_4D",
    id: 301,
    name: { EN: "4D", BN: "৪ডি", CN: "4D", ID: "4D", JA: "4D", KO: "4D", TH: "4D", UR: "4D", VI: "4D" },
    // 19:00 in Malaysia and Singapore (UTC+8).
    dailyDrawMinute: 11 * 60,
    games: [daily("MAGNUM4D", "Magnum 4D", "ম্যাগনাম ৪ডি", 4, 9, true), daily("SG4D", "Singapore 4D", "সিঙ্গাপুর ৪ডি", 4, 9)],
  },
  {
    prizeMode: "SEA",
    code: "SEA_FAST",
    id: 302,
    name: {
      EN: "Fast SEA Lottery",
      BN: "দ্রুত এসইএ লটারি",
      CN: "东南亚极速彩",
      ID: "Lotre Cepat Asia Tenggara",
      JA: "東南アジア高速宝くじ",
      KO: "동남아 스피드 로또",
      TH: "หวยอาเซียนด่วน",
      UR: "فاسٹ جنوب مشرقی ایشیا لاٹری",
      VI: "Xổ số siêu tốc Đông Nam Á",
    },
    dailyDrawMinute: 0,
    games: [every("THAI3D5", "Thai 3D", "থাই ৩ডি", 5, 3, 9), every("LAO4D10", "Lao 4D", "লাও ৪ডি", 10, 4, 9)],
  },
];

const pad = (n: number) => String(n).padStart(2, "0");

/** The menus' remark: how often the game draws. */
export function lotteryRemark(drawMinutes: number, dailyDrawMinute: number): Localized {
  if (drawMinutes >= 1440) {
    const time = `${pad(Math.floor(dailyDrawMinute / 60))}:${pad(dailyDrawMinute % 60)}`;
    return {
      EN: `One draw a day at ${time} UTC`,
      BN: `প্রতিদিন ${bnNumber(time)} (UTC) একটি ড্র`,
      CN: `每天${time}（UTC）开奖一次`,
      ID: `Undian sekali sehari pukul ${time} UTC`,
      JA: `毎日${time}（UTC）に1回抽選`,
      KO: `매일 ${time}(UTC)에 1회 추첨`,
      TH: `ออกผลวันละครั้ง เวลา ${time} UTC`,
      UR: `روزانہ ${time} UTC پر ایک ڈرا`,
      VI: `Mở thưởng mỗi ngày lúc ${time} UTC`,
    };
  }
  return drawMinutes === 1
    ? {
        EN: "A draw every minute",
        BN: "প্রতি মিনিটে একটি ড্র",
        CN: "每分钟开奖一次",
        ID: "Undian setiap menit",
        JA: "1分ごとに抽選",
        KO: "1분마다 추첨",
        TH: "ออกผลทุกนาที",
        UR: "ہر منٹ ایک ڈرا",
        VI: "Mở thưởng mỗi phút",
      }
    : {
        EN: `A draw every ${drawMinutes} minutes`,
        BN: `প্রতি ${bnNumber(drawMinutes)} মিনিটে একটি ড্র`,
        CN: `每${drawMinutes}分钟开奖一次`,
        ID: `Undian setiap ${drawMinutes} menit`,
        JA: `${drawMinutes}分ごとに抽選`,
        KO: `${drawMinutes}분마다 추첨`,
        TH: `ออกผลทุก ${drawMinutes} นาที`,
        UR: `ہر ${drawMinutes} منٹ بعد ایک ڈرا`,
        VI: `Mở thưởng mỗi ${drawMinutes} phút`,
      };
}

/** The daily draw minute of a group code (0 for a code not seeded). */
export function dailyDrawMinuteOf(groupCode: string): number {
  return lotteryGroups.find((g) => g.code === groupCode)?.dailyDrawMinute ?? 0;
}
