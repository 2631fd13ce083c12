import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { memberRank } from "./vip";
import { businessPeriod } from "./periods";

// The player rank of decision 017 §7: the ladder of ranks and a member's monthly turnover toward the next.

/** The ranks of decision 017 §7: the source of the seeded vip_ranks rows (seed-promotions.ts). */
export const RANKS: { level: number; name: Localized; monthlyTurnover: number }[] = [
  {
    level: 1,
    name: { EN: "Bronze", BN: "ব্রোঞ্জ", CN: "青铜", ID: "Perunggu", JA: "ブロンズ", KO: "브론즈", TH: "บรอนซ์", UR: "برونز", VI: "Đồng" },
    monthlyTurnover: 0,
  },
  {
    level: 2,
    name: { EN: "Silver", BN: "সিলভার", CN: "白银", ID: "Perak", JA: "シルバー", KO: "실버", TH: "ซิลเวอร์", UR: "سلور", VI: "Bạc" },
    monthlyTurnover: 5_000_00,
  },
  {
    level: 3,
    name: { EN: "Gold", BN: "গোল্ড", CN: "黄金", ID: "Emas", JA: "ゴールド", KO: "골드", TH: "โกลด์", UR: "گولڈ", VI: "Vàng" },
    monthlyTurnover: 20_000_00,
  },
  {
    level: 4,
    name: {
      EN: "Platinum",
      BN: "প্লাটিনাম",
      CN: "铂金",
      ID: "Platinum",
      JA: "プラチナ",
      KO: "플래티넘",
      TH: "แพลทินัม",
      UR: "پلاٹینم",
      VI: "Bạch kim",
    },
    monthlyTurnover: 50_000_00,
  },
  {
    level: 5,
    name: {
      EN: "Diamond",
      BN: "ডায়মন্ড",
      CN: "钻石",
      ID: "Berlian",
      JA: "ダイヤモンド",
      KO: "다이아몬드",
      TH: "ไดมอนด์",
      UR: "ڈائمنڈ",
      VI: "Kim cương",
    },
    monthlyTurnover: 200_000_00,
  },
  {
    level: 6,
    name: { EN: "Royal", BN: "রয়্যাল", CN: "皇家", ID: "Royal", JA: "ロイヤル", KO: "로열", TH: "รอยัล", UR: "رائل", VI: "Hoàng gia" },
    monthlyTurnover: 1_000_000_00,
  },
];

/** The member's real stakes in [start, end), minor units. */
export async function turnover(sql: Sql, merchant: string, memberId: number, start: Date, end: Date): Promise<number> {
  const [row] = await sql.query<{ stake: string }>(
    `SELECT coalesce(sum(stake), 0)::text AS stake FROM bets
      WHERE merchant = $1 AND member_id = $2 AND NOT trial AND created_at >= $3 AND created_at < $4`,
    [merchant, memberId, start, end],
  );
  return Number(row?.stake ?? 0);
}

/** GET MCSFE_getPlayerRankProgress: the merchant's vip_ranks rows (decision 027 §2). */
export async function rankProgress(sql: Sql, merchant: string, memberId: number, now: Date, lang: Language) {
  const { level, rank, ranks } = await memberRank(sql, merchant, memberId);
  const next = rank ? (ranks.find((r) => r.level > rank.level) ?? null) : null;
  const month = businessPeriod(now, "MONTHLY");
  const actual = await turnover(sql, merchant, memberId, month.start, month.end);
  const expected = (next ?? rank)?.monthlyTurnover ?? 0;
  return {
    playerRankName: rank ? pick(rank.name, lang) : "",
    rankLevel: level,
    nextRankName: next ? pick(next.name, lang) : null,
    nextRankLevel: next?.level ?? null,
    monthlyTurnover: { actual: toMajor(actual), expected: toMajor(expected) },
    progress: expected > 0 ? Math.min(100, Math.floor((actual * 100) / expected)) : 100,
  };
}
