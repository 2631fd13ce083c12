import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { type DateRange, type Paging, totalPages } from "./periods";

// The bonus details of decision 017: the bonus credits (promotions, cashback, lucky draws,
// missions) to a member's wallets, with the titles kept in their memos.

export const BONUS_KINDS: Record<string, { type: string; name: Localized }> = {
  promotion: {
    type: "PROMOTION",
    name: {
      EN: "Promotion",
      BN: "প্রোমোশন",
      CN: "优惠活动",
      ID: "Promosi",
      JA: "プロモーション",
      KO: "이벤트",
      TH: "โปรโมชั่น",
      UR: "پروموشن",
      VI: "Khuyến mãi",
    },
  },
  rebate: {
    type: "CASHBACK",
    name: {
      EN: "Cashback",
      BN: "ক্যাশব্যাক",
      CN: "返水",
      ID: "Cashback",
      JA: "キャッシュバック",
      KO: "캐시백",
      TH: "แคชแบ็ก",
      UR: "کیش بیک",
      VI: "Hoàn trả",
    },
  },
  raffle: {
    type: "RAFFLE",
    name: {
      EN: "Lucky draw",
      BN: "লাকি ড্র",
      CN: "幸运抽奖",
      ID: "Undian",
      JA: "ラッキー抽選",
      KO: "행운 추첨",
      TH: "ลุ้นโชค",
      UR: "لکی ڈرا",
      VI: "Quay thưởng may mắn",
    },
  },
  mission: {
    type: "MISSION",
    name: { EN: "Mission", BN: "মিশন", CN: "任务", ID: "Misi", JA: "ミッション", KO: "미션", TH: "ภารกิจ", UR: "مشن", VI: "Nhiệm vụ" },
  },
};

export interface BonusQuery {
  range: DateRange;
  bonusType?: string;
  paging: Paging;
}

/**
 * GET MCSFE_getBonusDetails: the bonus credits to the member's wallets. The title is kept in the
 * transaction's memo as a localized JSON text ({"EN": …}) when it has one.
 */
export async function bonusDetails(sql: Sql, merchant: string, memberId: number, q: BonusQuery, lang: Language) {
  const kinds = Object.entries(BONUS_KINDS)
    .filter(([, v]) => !q.bonusType || v.type === q.bonusType)
    .map(([kind]) => kind);
  const where = `
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.merchant = $1 AND a.kind = 'wallet' AND a.member_id = $2 AND e.amount > 0
       AND t.kind = ANY($3) AND t.created_at >= $4 AND t.created_at <= $5`;
  const params = [merchant, memberId, kinds, q.range.from, q.range.to];
  const [sum] = await sql.query<{ n: number; amount: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(e.amount), 0)::text AS amount ${where}`,
    params,
  );
  const rows = await sql.query<{ transaction_id: number; kind: string; memo: string; amount: number; created_at: Date }>(
    `SELECT e.transaction_id, t.kind, t.memo, e.amount, t.created_at ${where}
      ORDER BY t.created_at DESC, e.id DESC LIMIT $6 OFFSET $7`,
    [...params, q.paging.pageSize, (q.paging.pageNo - 1) * q.paging.pageSize],
  );
  const total = sum?.n ?? 0;
  return {
    list: rows.map((row) => {
      const bonus = BONUS_KINDS[row.kind]!;
      return {
        id: Number(row.transaction_id),
        bonusType: bonus.type,
        bonusTypeName: pick(bonus.name, lang),
        title: memoTitle(row.memo, lang) || pick(bonus.name, lang),
        amount: toMajor(Number(row.amount)),
        time: new Date(row.created_at).getTime(),
      };
    }),
    total,
    totalPages: totalPages(total, q.paging.pageSize),
    summary: { amount: toMajor(Number(sum?.amount ?? 0)) },
  };
}

/** The memo of a bonus movement: a localized title as JSON, or plain text. */
export function memoTitle(memo: string, lang: Language): string {
  if (memo.startsWith("{")) {
    try {
      const parsed = JSON.parse(memo) as Localized;
      if (typeof parsed.EN === "string") return pick(parsed, lang);
    } catch {
      // plain text below
    }
  }
  return memo;
}

/** The memo a bonus movement carries: its localized title. */
export const titleMemo = (title: Localized) => JSON.stringify(title);
