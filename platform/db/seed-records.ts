import type { Localized } from "../messages";
import { type AccountRef, applyMovement, MAIN_WALLET } from "../ledger";
import { businessPeriod, titleMemo } from "../services/records";
import type { Db, Sql } from "./db";
import { runSeedStep } from "./seed-step";

// The records and rewards demo data (decision 017), seed step 006_records: cashback rates,
// promotions in every state for demo_member, missions, and about 60 real bets of demo_member over
// the last 30 days written through the ledger (bet and payout movements at their past times), with
// a past cashback claim and a claimed promotion. The seeded history nets to zero for the member, so
// demo_member's main wallet keeps its opening balance.

const STEP = "006_records";
const DAY = 86_400_000;

export const rebateRateSeeds: [string, number][] = [
  ["RNG", 0.8],
  ["LIVE", 0.5],
  ["SPORTS", 0.6],
  ["FISH", 0.8],
  ["PVP", 0.5],
  ["ESPORTS", 0.6],
  ["COCKFIGHT", 0.5],
  ["LOTT", 0.3],
  ["ELOTT", 0.3],
  ["CRICKET", 0.6],
  ["BGS", 0.5],
];

interface PromotionSeed {
  code: string;
  title: Localized;
  description: Localized;
  category: string;
  flow: "join" | "claim" | "raffle" | "sign";
  needsReview?: boolean;
  bonus: number;
  /** Days from the seed time; negative = in the past. */
  startsIn: number;
  endsIn: number | null;
  /** demo_member's state, when it has one. */
  memberStatus?: "APPLYING" | "REJECTED" | "ISSUED" | "CLAIMED" | "PROCESS" | "JOINED" | "SIGNED";
}

export const promotionSeeds: PromotionSeed[] = [
  { code: "DAILY_RAFFLE", title: { EN: "Daily Lucky Draw", BN: "দৈনিক লাকি ড্র" }, description: { EN: "Draw once a day and win up to 88.", BN: "দিনে একবার ড্র করুন এবং ৮৮ পর্যন্ত জিতুন।" }, category: "RAFFLE", flow: "raffle", bonus: 0, startsIn: -60, endsIn: null },
  { code: "WELCOME_BONUS", title: { EN: "Welcome Bonus", BN: "স্বাগতম বোনাস" }, description: { EN: "A bonus for new members.", BN: "নতুন সদস্যদের জন্য একটি বোনাস।" }, category: "NEWBIE", flow: "claim", bonus: 50_00, startsIn: -90, endsIn: null, memberStatus: "CLAIMED" },
  { code: "WEEKLY_RELOAD", title: { EN: "Weekly Reload 20", BN: "সাপ্তাহিক রিলোড ২০" }, description: { EN: "Claim 20 every week.", BN: "প্রতি সপ্তাহে ২০ দাবি করুন।" }, category: "DAILY", flow: "claim", bonus: 20_00, startsIn: -10, endsIn: 20 },
  { code: "VIP_GIFT", title: { EN: "VIP Birthday Gift", BN: "ভিআইপি জন্মদিনের উপহার" }, description: { EN: "Issued by the VIP team.", BN: "ভিআইপি টিম দ্বারা প্রদত্ত।" }, category: "VIP", flow: "join", bonus: 88_00, startsIn: -30, endsIn: 30, memberStatus: "ISSUED" },
  { code: "SLOT_TOURNAMENT", title: { EN: "Slots Tournament", BN: "স্লট টুর্নামেন্ট" }, description: { EN: "Join and climb the slots leaderboard.", BN: "যোগ দিন এবং স্লট লিডারবোর্ডে উঠুন।" }, category: "TOURNAMENT", flow: "join", bonus: 100_00, startsIn: -5, endsIn: 25 },
  { code: "LIVE_CASHBACK", title: { EN: "Live Casino Weekend", BN: "লাইভ ক্যাসিনো উইকেন্ড" }, description: { EN: "Extra rewards on live tables.", BN: "লাইভ টেবিলে অতিরিক্ত পুরস্কার।" }, category: "LIVE", flow: "join", bonus: 30_00, startsIn: -3, endsIn: 4, memberStatus: "JOINED" },
  { code: "DEPOSIT_MATCH", title: { EN: "First Deposit Match", BN: "প্রথম জমা ম্যাচ" }, description: { EN: "Reviewed by our team after you apply.", BN: "আবেদনের পর আমাদের টিম পর্যালোচনা করে।" }, category: "DEPOSIT", flow: "join", needsReview: true, bonus: 200_00, startsIn: -20, endsIn: 40, memberStatus: "APPLYING" },
  { code: "CRICKET_SPECIAL", title: { EN: "Cricket Special", BN: "ক্রিকেট স্পেশাল" }, description: { EN: "For cricket bettors.", BN: "ক্রিকেট বাজিকরদের জন্য।" }, category: "SPORTS", flow: "join", needsReview: true, bonus: 40_00, startsIn: -15, endsIn: 15, memberStatus: "REJECTED" },
  { code: "TURNOVER_CHALLENGE", title: { EN: "Turnover Challenge", BN: "টার্নওভার চ্যালেঞ্জ" }, description: { EN: "Reach the turnover to unlock the bonus.", BN: "বোনাস আনলক করতে টার্নওভারে পৌঁছান।" }, category: "TURNOVER", flow: "join", bonus: 60_00, startsIn: -7, endsIn: 21, memberStatus: "PROCESS" },
  { code: "DAILY_CHECKIN", title: { EN: "Daily Check-in", BN: "দৈনিক চেক-ইন" }, description: { EN: "Sign in every day.", BN: "প্রতিদিন সাইন ইন করুন।" }, category: "DAILY", flow: "sign", bonus: 2_00, startsIn: -30, endsIn: null, memberStatus: "SIGNED" },
  { code: "SUMMER_FEST", title: { EN: "Summer Festival", BN: "গ্রীষ্ম উৎসব" }, description: { EN: "This promotion has ended.", BN: "এই প্রোমোশনটি শেষ হয়েছে।" }, category: "SEASONAL", flow: "join", bonus: 25_00, startsIn: -120, endsIn: -60 },
  { code: "NEW_YEAR", title: { EN: "New Year Bonanza", BN: "নববর্ষ বোনানজা" }, description: { EN: "Starting soon.", BN: "শীঘ্রই শুরু হচ্ছে।" }, category: "SEASONAL", flow: "join", bonus: 150_00, startsIn: 20, endsIn: 50 },
];

interface MissionSeed {
  code: string;
  title: Localized;
  description: Localized;
  metric: "BET_COUNT" | "TURNOVER" | "DEPOSIT";
  gameType: string | null;
  period: "DAILY" | "MONTHLY";
  target: number;
  reward: number;
}

export const missionSeeds: MissionSeed[] = [
  { code: "DAILY_3_BETS", title: { EN: "Place 3 bets today", BN: "আজ ৩টি বাজি ধরুন" }, description: { EN: "Any game counts.", BN: "যেকোনো গেম গণ্য হবে।" }, metric: "BET_COUNT", gameType: null, period: "DAILY", target: 3, reward: 5_00 },
  { code: "DAILY_20_BETS", title: { EN: "Place 20 bets today", BN: "আজ ২০টি বাজি ধরুন" }, description: { EN: "Any game counts.", BN: "যেকোনো গেম গণ্য হবে।" }, metric: "BET_COUNT", gameType: null, period: "DAILY", target: 20, reward: 15_00 },
  { code: "DAILY_SLOTS_500", title: { EN: "Slots turnover 500 today", BN: "আজ স্লটে ৫০০ টার্নওভার" }, description: { EN: "Bets on slots count.", BN: "স্লটের বাজি গণ্য হবে।" }, metric: "TURNOVER", gameType: "RNG", period: "DAILY", target: 500_00, reward: 10_00 },
  { code: "MONTHLY_TURNOVER", title: { EN: "Turnover 5,000 this month", BN: "এই মাসে ৫,০০০ টার্নওভার" }, description: { EN: "All real bets count.", BN: "সব আসল বাজি গণ্য হবে।" }, metric: "TURNOVER", gameType: null, period: "MONTHLY", target: 5_000_00, reward: 50_00 },
  { code: "MONTHLY_DEPOSIT", title: { EN: "Deposit 1,000 this month", BN: "এই মাসে ১,০০০ জমা দিন" }, description: { EN: "Credited deposits count.", BN: "জমা হওয়া ডিপোজিট গণ্য হবে।" }, metric: "DEPOSIT", gameType: null, period: "MONTHLY", target: 1_000_00, reward: 20_00 },
];

/** A small deterministic PRNG (mulberry32), so every database gets the same history. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}


/** Seed step 006_records for a merchant that exists, once. */
export async function seedRecords(db: Db, merchant: string, now: Date = new Date()): Promise<boolean> {
  return runSeedStep(db, merchant, STEP, () => undefined, async (sql) => {
    await sql.query(
      `INSERT INTO rebate_rates (merchant, game_type, rate) SELECT $1, t.g, t.r FROM unnest($2::text[], $3::numeric[]) AS t(g, r)
       ON CONFLICT DO NOTHING`,
      [merchant, rebateRateSeeds.map(([g]) => g), rebateRateSeeds.map(([, r]) => r)],
    );
    const promotionIds = new Map<string, number>();
    for (const [index, p] of promotionSeeds.entries()) {
      const [row] = await sql.query<{ id: number }>(
        `INSERT INTO promotions (merchant, code, title, description, category, flow, needs_review, bonus, starts_at, ends_at, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          merchant,
          p.code,
          JSON.stringify(p.title),
          JSON.stringify(p.description),
          p.category,
          p.flow,
          p.needsReview ?? false,
          p.bonus,
          new Date(now.getTime() + p.startsIn * DAY),
          p.endsIn === null ? null : new Date(now.getTime() + p.endsIn * DAY),
          index,
        ],
      );
      promotionIds.set(p.code, row!.id);
    }
    for (const [index, m] of missionSeeds.entries()) {
      await sql.query(
        `INSERT INTO missions (merchant, code, title, description, metric, game_type, period, target, reward, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [merchant, m.code, JSON.stringify(m.title), JSON.stringify(m.description), m.metric, m.gameType, m.period, m.target, m.reward, index],
      );
    }

    const [member] = await sql.query<{ id: number }>("SELECT id FROM members WHERE merchant = $1 AND username = 'demo_member'", [merchant]);
    if (member) await seedMemberHistory(sql, merchant, member.id, promotionIds, now);
  });
}

interface PlannedBet {
  at: Date;
  gameId: number;
  gameType: string;
  stake: number;
  win: number;
}

async function seedMemberHistory(sql: Sql, merchant: string, memberId: number, promotionIds: Map<string, number>, now: Date): Promise<void> {
  const games = await sql.query<{ id: number; game_type: string }>(
    `SELECT id, game_type FROM (
       SELECT id, game_type, row_number() OVER (PARTITION BY game_type, classify ORDER BY sort, id) AS n
         FROM games WHERE merchant = $1 AND enabled AND game_type = ANY($2)) g
      WHERE n <= 3 ORDER BY game_type, id`,
    [merchant, ["RNG", "LIVE", "SPORTS", "FISH", "PVP"]],
  );
  if (games.length === 0) return;
  const random = prng(20_261_122);
  const wallet: AccountRef = { kind: "wallet", memberId, accountTypeId: MAIN_WALLET };
  const house: AccountRef = { kind: "house" };
  const multipliers = [0, 0, 0, 0, 0.5, 1, 1.2, 1.5, 2, 3, 5, 8];

  // 52 bets spread over the last 30 days (before today), then 6 today (a day's missions move).
  const today = businessPeriod(now, "DAILY").start.getTime();
  const plan: PlannedBet[] = [];
  const pick = () => games[Math.floor(random() * games.length)]!;
  for (let i = 0; i < 52; i++) {
    const at = new Date(now.getTime() - 30 * DAY + Math.floor(((today - (now.getTime() - 30 * DAY)) * i) / 52) + Math.floor(random() * 3_600_000));
    const game = pick();
    const stake = (2 + Math.floor(random() * 49)) * 100;
    const win = Math.floor(stake * multipliers[Math.floor(random() * multipliers.length)]!);
    plan.push({ at, gameId: game.id, gameType: game.game_type, stake, win });
  }
  for (let j = 0; j < 6; j++) {
    const at = new Date(today + Math.floor(((now.getTime() - 60_000 - today) * (j + 1)) / 7));
    const game = pick();
    const stake = (5 + Math.floor(random() * 20)) * 100;
    const win = j < 5 ? Math.floor(stake * multipliers[Math.floor(random() * multipliers.length)]!) : 0;
    plan.push({ at, gameId: game.id, gameType: game.game_type, stake, win });
  }

  // The welcome bonus 25 days ago, the cashback claim 14 days ago over the bets before it.
  const welcome = 50_00;
  const claimAt = new Date(now.getTime() - 14 * DAY);
  const rates = new Map(rebateRateSeeds);
  const covered = plan.filter((b) => b.at < claimAt);
  const cashback = covered.reduce((sum, b) => sum + Math.floor((b.stake * Math.round((rates.get(b.gameType) ?? 0) * 1000)) / 100_000), 0);
  // The last bet settles the history to a zero net for the member (wins − stakes + bonuses = 0),
  // its win below 15× the stake (the winners board shows 20× and more).
  const last = plan[plan.length - 1]!;
  const net = plan.slice(0, -1).reduce((n, b) => n + b.win - b.stake, 0) + welcome + cashback;
  if (net > 0) last.stake = Math.max(last.stake, net);
  if (net < 0) last.stake = Math.max(last.stake, Math.ceil(-net / 14));
  last.win = last.stake - net;

  const events: { at: Date; run: () => Promise<void> }[] = plan.map((bet, index) => ({
    at: bet.at,
    run: async () => {
      const key = `seed-${index}-${bet.at.getTime()}`;
      const movement = await applyMovement(sql, {
        merchant,
        idempotencyKey: `seedbet:${memberId}:${key}`,
        kind: "bet",
        memo: "seeded history",
        now: bet.at,
        legs: [
          { account: wallet, amount: -bet.stake },
          { account: house, amount: bet.stake },
        ],
      });
      let payout: number | null = null;
      if (bet.win > 0) {
        payout = (
          await applyMovement(sql, {
            merchant,
            idempotencyKey: `seedpayout:${memberId}:${key}`,
            kind: "payout",
            memo: "seeded history",
            now: bet.at,
            legs: [
              { account: house, amount: -bet.win },
              { account: wallet, amount: bet.win },
            ],
          })
        ).transactionId;
      }
      await sql.query(
        `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
         VALUES ($1, $2, $3, $4, false, $5, $6, $7, $8, $9, $10)`,
        [merchant, memberId, bet.gameId, key, bet.stake, bet.win, JSON.stringify({ seeded: true }), movement.transactionId, payout, bet.at],
      );
    },
  }));
  const welcomeId = promotionIds.get("WELCOME_BONUS");
  const welcomeSeed = promotionSeeds.find((p) => p.code === "WELCOME_BONUS")!;
  events.push({
    at: new Date(now.getTime() - 25 * DAY),
    run: async () => {
      const movement = await applyMovement(sql, {
        merchant,
        idempotencyKey: `seedpromotion:${memberId}:WELCOME_BONUS`,
        kind: "promotion",
        memo: titleMemo(welcomeSeed.title),
        now: new Date(now.getTime() - 25 * DAY),
        legs: [
          { account: house, amount: -welcome },
          { account: wallet, amount: welcome },
        ],
      });
      if (welcomeId) {
        await sql.query(
          "INSERT INTO member_promotions (member_id, promotion_id, status, amount, ledger_tx, updated_at) VALUES ($1, $2, 'CLAIMED', $3, $4, $5)",
          [memberId, welcomeId, welcome, movement.transactionId, new Date(now.getTime() - 25 * DAY)],
        );
      }
    },
  });
  if (cashback > 0) {
    events.push({
      at: claimAt,
      run: async () => {
        const movement = await applyMovement(sql, {
          merchant,
          idempotencyKey: `seedrebate:${memberId}:1`,
          kind: "rebate",
          memo: titleMemo({ EN: "Cashback", BN: "ক্যাশব্যাক" }),
          now: claimAt,
          legs: [
            { account: house, amount: -cashback },
            { account: wallet, amount: cashback },
          ],
        });
        const [upTo] = await sql.query<{ id: number | null }>("SELECT max(id) AS id FROM bets WHERE member_id = $1", [memberId]);
        await sql.query(
          `INSERT INTO rebate_claims (merchant, member_id, up_to_bet_id, amount, detail, ledger_tx, created_at)
           VALUES ($1, $2, $3, $4, '[]'::jsonb, $5, $6)`,
          [merchant, memberId, upTo?.id ?? 0, cashback, movement.transactionId, claimAt],
        );
      },
    });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of events) await event.run();

  for (const p of promotionSeeds) {
    const id = promotionIds.get(p.code);
    if (!id || !p.memberStatus || p.memberStatus === "CLAIMED") continue;
    await sql.query("INSERT INTO member_promotions (member_id, promotion_id, status, updated_at) VALUES ($1, $2, $3, $4)", [memberId, id, p.memberStatus, now]);
  }
}
