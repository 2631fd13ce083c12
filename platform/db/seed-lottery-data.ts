import type { Localized } from "../messages";

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

/** "<prefix> N Minute(s)" in both languages. */
function every(code: string, en: string, bn: string, minutes: number, ballCount: number, ballMax: number, popular = false): LotteryGameSeed {
  return {
    code,
    name: { EN: `${en} ${minutes} Minute${minutes === 1 ? "" : "s"}`, BN: `${bn} ${bnNumber(minutes)} মিনিট` },
    drawMinutes: minutes,
    ballCount,
    ballMax,
    popular,
  };
}

function daily(code: string, en: string, bn: string, ballCount: number, ballMax: number, popular = false): LotteryGameSeed {
  return { code, name: { EN: en, BN: bn }, drawMinutes: 1440, ballCount, ballMax, popular };
}

export const lotteryGroups: LotteryGroupSeed[] = [
  {
    prizeMode: "Lott",
    code: "5D",
    id: 101,
    name: { EN: "5D", BN: "৫ডি" },
    dailyDrawMinute: 12 * 60,
    games: [every("5D1", "5D", "৫ডি", 1, 5, 9, true), every("5D3", "5D", "৫ডি", 3, 5, 9), every("5D5", "5D", "৫ডি", 5, 5, 9, true)],
  },
  {
    prizeMode: "Lott",
    code: "3D",
    id: 102,
    name: { EN: "3D", BN: "৩ডি" },
    dailyDrawMinute: 12 * 60,
    games: [every("3D1", "3D", "৩ডি", 1, 3, 9), every("3D5", "3D", "৩ডি", 5, 3, 9), daily("3DDAILY", "3D Daily", "৩ডি দৈনিক", 3, 9)],
  },
  {
    prizeMode: "Lott",
    code: "PK10",
    id: 103,
    name: { EN: "PK10", BN: "পিকে১০" },
    dailyDrawMinute: 12 * 60,
    games: [every("PK10_1", "PK10", "পিকে১০", 1, 10, 10), every("PK10_3", "PK10", "পিকে১০", 3, 10, 10, true), every("PK10_5", "PK10", "পিকে১০", 5, 10, 10)],
  },
  {
    prizeMode: "Lott",
    code: "KENO",
    id: 104,
    name: { EN: "Keno", BN: "কেনো" },
    dailyDrawMinute: 12 * 60,
    games: [every("KENO5", "Keno", "কেনো", 5, 20, 80, true), every("KENO10", "Keno", "কেনো", 10, 20, 80)],
  },
  {
    prizeMode: "VN",
    code: "VN_NORTH",
    id: 201,
    name: { EN: "Northern Vietnam", BN: "উত্তর ভিয়েতনাম" },
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
    name: { EN: "Central Vietnam", BN: "মধ্য ভিয়েতনাম" },
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
    name: { EN: "Southern Vietnam", BN: "দক্ষিণ ভিয়েতনাম" },
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
    name: { EN: "Fast Vietnam Lottery", BN: "দ্রুত ভিয়েতনাম লটারি" },
    dailyDrawMinute: 0,
    games: [every("VN1", "VN", "ভিএন", 1, 5, 9, true), every("VN3", "VN", "ভিএন", 3, 5, 9), every("VN5", "VN", "ভিএন", 5, 5, 9)],
  },
  {
    prizeMode: "SEA",
    code: "SEA_4D",
    id: 301,
    name: { EN: "4D", BN: "৪ডি" },
    // 19:00 in Malaysia and Singapore (UTC+8).
    dailyDrawMinute: 11 * 60,
    games: [daily("MAGNUM4D", "Magnum 4D", "ম্যাগনাম ৪ডি", 4, 9, true), daily("SG4D", "Singapore 4D", "সিঙ্গাপুর ৪ডি", 4, 9)],
  },
  {
    prizeMode: "SEA",
    code: "SEA_FAST",
    id: 302,
    name: { EN: "Fast SEA Lottery", BN: "দ্রুত এসইএ লটারি" },
    dailyDrawMinute: 0,
    games: [every("THAI3D5", "Thai 3D", "থাই ৩ডি", 5, 3, 9), every("LAO4D10", "Lao 4D", "লাও ৪ডি", 10, 4, 9)],
  },
];

const pad = (n: number) => String(n).padStart(2, "0");

/** The menus' remark: how often the game draws. */
export function lotteryRemark(drawMinutes: number, dailyDrawMinute: number): Localized {
  if (drawMinutes >= 1440) {
    const time = `${pad(Math.floor(dailyDrawMinute / 60))}:${pad(dailyDrawMinute % 60)}`;
    return { EN: `One draw a day at ${time} UTC`, BN: `প্রতিদিন ${bnNumber(time)} (UTC) একটি ড্র` };
  }
  return drawMinutes === 1
    ? { EN: "A draw every minute", BN: "প্রতি মিনিটে একটি ড্র" }
    : { EN: `A draw every ${drawMinutes} minutes`, BN: `প্রতি ${bnNumber(drawMinutes)} মিনিটে একটি ড্র` };
}

/** The daily draw minute of a group code (0 for a code not seeded). */
export function dailyDrawMinuteOf(groupCode: string): number {
  return lotteryGroups.find((g) => g.code === groupCode)?.dailyDrawMinute ?? 0;
}
