import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { type DateRange, type Paging, totalPages } from "./periods";

// The betting record and personal profit and loss of decision 017: the member's bets by game type
// and period, with each game type's name in the nine languages.

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
