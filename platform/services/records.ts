import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { newReferralCode } from "./referral-codes";
import { memberRank } from "./vip";
import { businessPeriod, type DateRange, type Paging, totalPages } from "./periods";
import { KNOWN_KINDS, kindFilter, type TxType, txTypeOfKind } from "./tx-types";

// The records pages of decision 017: account record (the member's wallet entries in the ledger),
// betting record, personal profit and loss, bonus details, player rank and referral details. All
// reads; money is in minor units here and major on the wire.

export interface AccountRecordQuery {
  range: DateRange;
  /** Only this type; undefined = all. */
  txType?: TxType;
  exclude: TxType[];
  paging: Paging;
}

/** GET ODSFE2_MemTransDet: one row per entry on the member's real wallets, newest first. */
export async function accountRecord(sql: Sql, merchant: string, memberId: number, q: AccountRecordQuery, lang: Language) {
  const include = q.txType ? kindFilter([q.txType]) : null;
  const exclude = kindFilter(q.exclude);
  // $5/$6: include kinds (null = every kind) and whether "other" kinds are included;
  // $7/$8: excluded kinds and whether "other" kinds are excluded; $9: the known kinds.
  const where = `
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      LEFT JOIN wallet_types w ON w.merchant = a.merchant AND w.account_type_id = a.account_type_id
     WHERE a.merchant = $1 AND a.kind = 'wallet' AND a.member_id = $2
       AND t.created_at >= $3 AND t.created_at <= $4
       AND ($5::text[] IS NULL OR t.kind = ANY($5) OR ($6 AND NOT t.kind = ANY($9)))
       AND NOT (t.kind = ANY($7) OR ($8 AND NOT t.kind = ANY($9)))`;
  const params = [
    merchant,
    memberId,
    q.range.from,
    q.range.to,
    include ? include.kinds : null,
    include?.other ?? false,
    exclude.kinds,
    exclude.other,
    KNOWN_KINDS,
  ];
  const [count] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, params);
  const total = count?.n ?? 0;
  const rows = await sql.query<{
    id: number;
    transaction_id: number;
    kind: string;
    amount: number;
    balance_after: number;
    account_type_id: number;
    display_name: Localized | null;
    created_at: Date;
    memo: string;
  }>(
    `SELECT e.id, e.transaction_id, t.kind, e.amount, e.balance_after, a.account_type_id, w.display_name, t.created_at, t.memo
       ${where}
      ORDER BY t.created_at DESC, e.id DESC
      LIMIT $10 OFFSET $11`,
    [...params, q.paging.pageSize, (q.paging.pageNo - 1) * q.paging.pageSize],
  );
  const list = rows.map((row) => {
    const type = txTypeOfKind(row.kind);
    return {
      id: Number(row.id),
      transactionId: Number(row.transaction_id),
      txType: type.code,
      txTypeId: type.id,
      txTypeName: pick(type.name, lang),
      amount: toMajor(Number(row.amount)),
      balanceAfter: toMajor(Number(row.balance_after)),
      accountTypeId: row.account_type_id,
      walletName: pick(row.display_name, lang),
      time: new Date(row.created_at).getTime(),
      remark: memoTitle(row.memo ?? "", lang),
    };
  });
  return { list, total, totalPages: totalPages(total, q.paging.pageSize) };
}

// ---------------------------------------------------------------------------------------------
// Betting record, personal profit and loss

export const GAME_TYPE_NAMES: Record<string, Localized> = {
  RNG: { EN: "Slots", BN: "স্লট", CN: "电子游戏", ID: "Slot", JA: "スロット", KO: "슬롯", TH: "สล็อต", UR: "سلاٹس", VI: "Nổ hũ" },
  LIVE: {
    EN: "Live casino",
    BN: "লাইভ ক্যাসিনো",
    CN: "真人视讯",
    ID: "Live Casino",
    JA: "ライブカジノ",
    KO: "라이브 카지노",
    TH: "คาสิโนสด",
    UR: "لائیو کیسینو",
    VI: "Casino trực tuyến",
  },
  SPORTS: {
    EN: "Sports",
    BN: "স্পোর্টস",
    CN: "体育",
    ID: "Olahraga",
    JA: "スポーツ",
    KO: "스포츠",
    TH: "กีฬา",
    UR: "اسپورٹس",
    VI: "Thể thao",
  },
  FISH: {
    EN: "Fishing",
    BN: "ফিশিং",
    CN: "捕鱼",
    ID: "Tembak Ikan",
    JA: "フィッシュゲーム",
    KO: "피싱",
    TH: "ยิงปลา",
    UR: "فشنگ",
    VI: "Bắn cá",
  },
  PVP: {
    EN: "Card games",
    BN: "কার্ড গেম",
    CN: "棋牌",
    ID: "Game Kartu",
    JA: "カードゲーム",
    KO: "카드 게임",
    TH: "เกมไพ่",
    UR: "کارڈ گیمز",
    VI: "Game bài",
  },
  ESPORTS: {
    EN: "E-sports",
    BN: "ই-স্পোর্টস",
    CN: "电竞",
    ID: "E-Sport",
    JA: "eスポーツ",
    KO: "e스포츠",
    TH: "อีสปอร์ต",
    UR: "ای اسپورٹس",
    VI: "Thể thao điện tử",
  },
  COCKFIGHT: {
    EN: "Cockfight",
    BN: "মোরগ লড়াই",
    CN: "斗鸡",
    ID: "Sabung Ayam",
    JA: "闘鶏",
    KO: "투계",
    TH: "ไก่ชน",
    UR: "مرغ لڑائی",
    VI: "Đá gà",
  },
  LOTT: { EN: "Lottery", BN: "লটারি", CN: "彩票", ID: "Lotre", JA: "宝くじ", KO: "로또", TH: "หวย", UR: "لاٹری", VI: "Xổ số" },
  ELOTT: {
    EN: "E-lottery",
    BN: "ই-লটারি",
    CN: "电子彩票",
    ID: "E-lotre",
    JA: "電子宝くじ",
    KO: "전자 로또",
    TH: "หวยด่วน",
    UR: "ای لاٹری",
    VI: "Xổ số điện tử",
  },
  CRICKET: {
    EN: "Cricket",
    BN: "ক্রিকেট",
    CN: "板球",
    ID: "Kriket",
    JA: "クリケット",
    KO: "크리켓",
    TH: "คริกเก็ต",
    UR: "کرکٹ",
    VI: "Cricket",
  },
  BGS: {
    EN: "Board games",
    BN: "বোর্ড গেম",
    CN: "棋盘游戏",
    ID: "Board Game",
    JA: "ボードゲーム",
    KO: "보드게임",
    TH: "บอร์ดเกม",
    UR: "بورڈ گیمز",
    VI: "Board game",
  },
};

export const gameTypeName = (gameType: string, lang: Language) =>
  GAME_TYPE_NAMES[gameType] ? pick(GAME_TYPE_NAMES[gameType], lang) : gameType;

export interface BetRecordQuery {
  range: DateRange;
  gameType?: string;
  vendor?: string;
  paging: Paging;
}

/** GET MCSFE_getBetRecords: the member's real bets, newest first, with the range's summary. */
export async function betRecords(sql: Sql, merchant: string, memberId: number, q: BetRecordQuery) {
  const where = `
      FROM bets b JOIN games g ON g.id = b.game_id
     WHERE b.merchant = $1 AND b.member_id = $2 AND NOT b.trial
       AND b.created_at >= $3 AND b.created_at <= $4
       AND ($5::text IS NULL OR g.game_type = $5) AND ($6::text IS NULL OR g.vassalage = $6)`;
  const params = [merchant, memberId, q.range.from, q.range.to, q.gameType ?? null, q.vendor ?? null];
  const [sum] = await sql.query<{ n: number; stake: string; win: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(b.stake), 0)::text AS stake, coalesce(sum(b.win), 0)::text AS win ${where}`,
    params,
  );
  const rows = await sql.query<{
    id: number;
    game_id: number;
    name: string;
    game_type: string;
    vassalage: string;
    stake: number;
    win: number;
    created_at: Date;
  }>(
    `SELECT b.id, b.game_id, g.name, g.game_type, g.vassalage, b.stake, b.win, b.created_at ${where}
      ORDER BY b.created_at DESC, b.id DESC LIMIT $7 OFFSET $8`,
    [...params, q.paging.pageSize, (q.paging.pageNo - 1) * q.paging.pageSize],
  );
  const total = sum?.n ?? 0;
  const stake = Number(sum?.stake ?? 0);
  const win = Number(sum?.win ?? 0);
  return {
    list: rows.map((row) => ({
      betId: Number(row.id),
      gameId: Number(row.game_id),
      gameName: row.name,
      gameType: row.game_type,
      vendor: row.vassalage,
      stake: toMajor(Number(row.stake)),
      win: toMajor(Number(row.win)),
      profit: toMajor(Number(row.win) - Number(row.stake)),
      time: new Date(row.created_at).getTime(),
    })),
    total,
    totalPages: totalPages(total, q.paging.pageSize),
    summary: { stake: toMajor(stake), win: toMajor(win), profit: toMajor(win - stake), count: total },
  };
}

/** Sums of the member's real bets per game type within [from, to] (to inclusive), in minor units. */
export async function betSumsByType(sql: Sql, merchant: string, memberId: number, range: DateRange) {
  const rows = await sql.query<{ game_type: string; n: number; stake: string; win: string; sort: number | null }>(
    `SELECT g.game_type, count(*)::int AS n, sum(b.stake)::text AS stake, sum(b.win)::text AS win, min(t.sort) AS sort
       FROM bets b JOIN games g ON g.id = b.game_id
       LEFT JOIN game_types t ON t.merchant = g.merchant AND t.game_type = g.game_type
      WHERE b.merchant = $1 AND b.member_id = $2 AND NOT b.trial AND b.created_at >= $3 AND b.created_at <= $4
      GROUP BY g.game_type
      ORDER BY min(t.sort) NULLS LAST, g.game_type`,
    [merchant, memberId, range.from, range.to],
  );
  return rows.map((row) => ({ gameType: row.game_type, count: row.n, stake: Number(row.stake), win: Number(row.win) }));
}

/** GET MCSFE_getPersonalProfit. */
export async function personalProfit(sql: Sql, merchant: string, memberId: number, range: DateRange, lang: Language) {
  const sums = await betSumsByType(sql, merchant, memberId, range);
  const list = sums.map((s) => ({
    gameType: s.gameType,
    gameTypeName: gameTypeName(s.gameType, lang),
    validBet: toMajor(s.stake),
    win: toMajor(s.win),
    profit: toMajor(s.win - s.stake),
    count: s.count,
  }));
  const stake = sums.reduce((n, s) => n + s.stake, 0);
  const win = sums.reduce((n, s) => n + s.win, 0);
  const count = sums.reduce((n, s) => n + s.count, 0);
  return {
    list,
    total: { validBet: toMajor(stake), win: toMajor(win), profit: toMajor(win - stake), count },
    dateFrom: range.from.getTime(),
    dateTo: range.to.getTime(),
  };
}

// ---------------------------------------------------------------------------------------------
// Bonus details

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

// ---------------------------------------------------------------------------------------------
// Player rank, referral

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

/** GET MCSFE_getReferralDetails; with autoGenerate a member without a code gets one. */
export async function referralDetails(sql: Sql, merchant: string, memberId: number, autoGenerate: boolean) {
  const [member] = await sql.query<{ referral_code: string | null }>("SELECT referral_code FROM members WHERE id = $1 AND merchant = $2", [
    memberId,
    merchant,
  ]);
  let code = member?.referral_code ?? null;
  if (!code && autoGenerate) {
    for (let attempt = 0; attempt < 10 && !code; attempt++) {
      const candidate = newReferralCode();
      const taken = await sql.query("SELECT 1 FROM members WHERE merchant = $1 AND upper(referral_code) = $2", [merchant, candidate]);
      if (taken.length > 0) continue;
      const [row] = await sql.query<{ referral_code: string }>(
        "UPDATE members SET referral_code = coalesce(referral_code, $3) WHERE id = $1 AND merchant = $2 RETURNING referral_code",
        [memberId, merchant, candidate],
      );
      code = row?.referral_code ?? null;
    }
  }
  const [count] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE merchant = $1 AND referred_by = $2", [
    merchant,
    memberId,
  ]);
  return {
    referralCode: code,
    referralLink: code ? `/register?referralCode=${encodeURIComponent(code)}` : null,
    totalInvitations: count?.n ?? 0,
  };
}
