import { type AccountRef, applyMovement, MAIN_WALLET } from "../ledger";
import type { Localized } from "../messages";
import { DEFAULT_CONVERSION, DEFAULT_POINT_RATES, localizedMessage } from "../services/points";
import type { Db, Sql } from "./db";
import { runSeedStep } from "./seed-step";

// The point mall of decision 027 §3: the merchant's rates and conversion, the rewards, and for
// demo_member a history (welcome points from the operator, redemptions in each status, a
// conversion). Its earned points are not seeded: the lazy accrual adds them from its real bets on
// the first points call.

const DAY = 86_400_000;

interface RewardSeed {
  code: string;
  type: "BONUS" | "GOODS";
  name: Localized;
  description: Localized;
  /** Points (whole). */
  points: number;
  /** Major units. */
  amount: number;
  amountRequired?: number;
  stock?: number;
  addressType: "ZALO" | "WHATSAPP" | "ADDRESS";
}

export const pointRewardSeeds: RewardSeed[] = [
  {
    code: "BONUS_10",
    type: "BONUS",
    name: { EN: "৳10 bonus", BN: "৳১০ বোনাস" },
    description: { EN: "৳10 credited to your main wallet once approved.", BN: "অনুমোদনের পর ৳১০ আপনার প্রধান ওয়ালেটে জমা হবে।" },
    points: 1_000,
    amount: 10,
    addressType: "ZALO",
  },
  {
    code: "BONUS_50",
    type: "BONUS",
    name: { EN: "৳50 bonus", BN: "৳৫০ বোনাস" },
    description: { EN: "৳50 credited to your main wallet once approved.", BN: "অনুমোদনের পর ৳৫০ আপনার প্রধান ওয়ালেটে জমা হবে।" },
    points: 5_000,
    amount: 50,
    addressType: "ZALO",
  },
  {
    code: "BONUS_200",
    type: "BONUS",
    name: { EN: "৳200 high-roller bonus", BN: "৳২০০ হাই-রোলার বোনাস" },
    description: {
      EN: "For members with a valid bet of ৳1,000 or more this month: ৳200 to your main wallet.",
      BN: "এই মাসে ৳১,০০০ বা তার বেশি বৈধ বাজি থাকা সদস্যদের জন্য: ৳২০০ আপনার প্রধান ওয়ালেটে।",
    },
    points: 18_000,
    amount: 200,
    amountRequired: 1_000,
    addressType: "ZALO",
  },
  {
    code: "POWER_BANK",
    type: "GOODS",
    name: { EN: "Power bank 10,000 mAh", BN: "পাওয়ার ব্যাংক ১০,০০০ mAh" },
    description: {
      EN: "A slim 10,000 mAh power bank with fast charging. We confirm delivery on WhatsApp.",
      BN: "ফাস্ট চার্জিং সহ স্লিম ১০,০০০ mAh পাওয়ার ব্যাংক। ডেলিভারি আমরা হোয়াটসঅ্যাপে নিশ্চিত করব।",
    },
    points: 8_000,
    amount: 800,
    addressType: "WHATSAPP",
  },
  {
    code: "CRICKET_JERSEY",
    type: "GOODS",
    name: { EN: "Bangladesh cricket jersey", BN: "বাংলাদেশ ক্রিকেট জার্সি" },
    description: {
      EN: "The home jersey, sizes S to XXL: tell us your size and delivery address.",
      BN: "হোম জার্সি, সাইজ S থেকে XXL: আপনার সাইজ ও ডেলিভারি ঠিকানা জানান।",
    },
    points: 12_000,
    amount: 1_200,
    addressType: "ADDRESS",
  },
  {
    code: "EARBUDS",
    type: "GOODS",
    name: { EN: "Wireless earbuds", BN: "ওয়্যারলেস ইয়ারবাড" },
    description: {
      EN: "Bluetooth earbuds with a charging case. We confirm delivery on WhatsApp.",
      BN: "চার্জিং কেস সহ ব্লুটুথ ইয়ারবাড। ডেলিভারি আমরা হোয়াটসঅ্যাপে নিশ্চিত করব।",
    },
    points: 25_000,
    amount: 2_500,
    addressType: "WHATSAPP",
  },
  {
    code: "SMARTPHONE",
    type: "GOODS",
    name: { EN: "Android smartphone 128 GB", BN: "অ্যান্ড্রয়েড স্মার্টফোন ১২৮ GB" },
    description: {
      EN: "A 6.7-inch Android phone with 128 GB of storage. Only 3 left this month.",
      BN: "১২৮ GB স্টোরেজ সহ ৬.৭ ইঞ্চি অ্যান্ড্রয়েড ফোন। এই মাসে মাত্র ৩টি বাকি।",
    },
    points: 150_000,
    amount: 15_000,
    stock: 3,
    addressType: "ADDRESS",
  },
];

export function seedPoints(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    "points",
    () => undefined,
    async (sql) => {
      await sql.query("UPDATE merchants SET settings = settings || $2::jsonb WHERE code = $1", [
        merchant,
        JSON.stringify({ pointRates: DEFAULT_POINT_RATES, pointConversion: DEFAULT_CONVERSION }),
      ]);
      const ids = new Map<string, number>();
      for (const [sort, r] of pointRewardSeeds.entries()) {
        const [row] = await sql.query<{ id: number }>(
          `INSERT INTO point_rewards (merchant, code, name, description, type, points_required, amount, amount_required, stock, address_type, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id::float8 AS id`,
          [
            merchant,
            r.code,
            JSON.stringify(r.name),
            JSON.stringify(r.description),
            r.type,
            r.points * 100,
            r.amount * 100,
            (r.amountRequired ?? 0) * 100,
            r.stock ?? null,
            r.addressType,
            sort,
          ],
        );
        ids.set(r.code, row!.id);
      }
      const [member] = await sql.query<{ id: number; mobile: string | null }>(
        "SELECT id::float8 AS id, mobile FROM members WHERE merchant = $1 AND username = 'demo_member'",
        [merchant],
      );
      if (member) await seedMemberPoints(sql, merchant, member.id, member.mobile ?? "8801712345678", ids, new Date());
    },
  );
}

async function seedMemberPoints(
  sql: Sql,
  merchant: string,
  memberId: number,
  mobile: string,
  ids: Map<string, number>,
  now: Date,
): Promise<void> {
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const wallet: AccountRef = { kind: "wallet", memberId, accountTypeId: MAIN_WALLET };
  const reward = (code: string) => pointRewardSeeds.find((r) => r.code === code)!;
  const account = { balance: 0, earned: 0, spent: 0 };
  await sql.query("INSERT INTO point_accounts (member_id, merchant) VALUES ($1, $2) ON CONFLICT (member_id) DO NOTHING", [
    memberId,
    merchant,
  ]);

  const entry = async (
    type: string,
    points: number,
    when: Date,
    extra: { name?: Localized; redemptionId?: number; amount?: number; ratio?: number; remark?: string } = {},
  ) => {
    account.balance += points;
    if (type === "REFUND") account.spent -= points;
    else if (points > 0) account.earned += points;
    else account.spent -= points;
    await sql.query(
      `INSERT INTO point_entries (merchant, member_id, type, name, points, balance_after, amount, ratio, redemption_id, remark, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        merchant,
        memberId,
        type,
        extra.name ? JSON.stringify(extra.name) : null,
        points,
        account.balance,
        extra.amount ?? null,
        extra.ratio ?? null,
        extra.redemptionId ?? null,
        extra.remark ?? "",
        when,
      ],
    );
  };
  const credit = async (key: string, amount: number, memo: string, when: Date) =>
    (
      await applyMovement(sql, {
        merchant,
        idempotencyKey: key,
        kind: "points",
        memo,
        now: when,
        legs: [
          { account: { kind: "house" }, amount: -amount },
          { account: wallet, amount },
        ],
      })
    ).transactionId;
  const redeem = async (code: string, days: number, address: string) => {
    const r = reward(code);
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO point_redemptions (merchant, member_id, reward_id, type, name, points, amount, status, mobile, receiving_address, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'IN_PROCESS', $8, $9, $10) RETURNING id::float8 AS id`,
      [merchant, memberId, ids.get(code), r.type, JSON.stringify(r.name), r.points * 100, r.amount * 100, mobile, address, at(days)],
    );
    await entry("REDEEM", -r.points * 100, at(days), { name: r.name, redemptionId: row!.id });
    return row!.id;
  };
  const decide = (
    id: number,
    status: "APPROVED" | "REJECTED",
    days: number,
    fields: { remark?: string; paidAccount?: string; ledgerTx?: number } = {},
  ) =>
    sql.query("UPDATE point_redemptions SET status = $2, decided_at = $3, remark = $4, paid_account = $5, ledger_tx = $6 WHERE id = $1", [
      id,
      status,
      at(days),
      fields.remark ?? "",
      fields.paidAccount ?? "",
      fields.ledgerTx ?? null,
    ]);

  // Welcome points from the operator.
  await entry("ADJUST", 30_000 * 100, at(28), { remark: "Welcome points" });
  // A ৳50 bonus, approved: the money through the ledger as the operator's approval pays it.
  const bonus = await redeem("BONUS_50", 21, "demo.member.zalo");
  await decide(bonus, "APPROVED", 20, { ledgerTx: await credit(`points:redeem:${bonus}`, 50_00, "point reward: ৳50 bonus", at(20)) });
  // A jersey, rejected: the points come back.
  const jersey = await redeem("CRICKET_JERSEY", 14, "House 12, Road 5, Dhanmondi, Dhaka 1205");
  await decide(jersey, "REJECTED", 13, { remark: "Size XXL is out of stock this month" });
  await entry("REFUND", reward("CRICKET_JERSEY").points * 100, at(13), {
    name: reward("CRICKET_JERSEY").name,
    redemptionId: jersey,
    remark: "Size XXL is out of stock this month",
  });
  // 2,000 points converted to ৳20.
  const cash = localizedMessage("point.conversion.CASH");
  const convertTx = await credit(`points:convert:${memberId}:seed-convert-1`, 20_00, "points converted: 2000", at(9));
  const [conversion] = await sql.query<{ id: number }>(
    `INSERT INTO point_redemptions (merchant, member_id, type, name, points, amount, status, mobile, receiving_address, ledger_tx, created_at, decided_at)
     VALUES ($1, $2, 'CONVERT', $3, $4, $5, 'APPROVED', $6, $7, $8, $9, $9) RETURNING id::float8 AS id`,
    [merchant, memberId, JSON.stringify(cash), 2_000 * 100, 20_00, mobile, "8801712345678", convertTx, at(9)],
  );
  await entry("CONVERT", -2_000 * 100, at(9), {
    name: cash,
    redemptionId: conversion!.id,
    amount: 20_00,
    ratio: DEFAULT_CONVERSION.pointsRatio,
  });
  // The ৳70 the points paid went into a slot round, lost: demo_member keeps its opening balance
  // (decision 017's seeded history nets to zero). A real bet: the accrual counts it too.
  await spendOnSlots(sql, merchant, memberId, 70_00, at(8));
  // A power bank, delivered.
  const bank = await redeem("POWER_BANK", 6, "8801712345678");
  await decide(bank, "APPROVED", 4, { remark: "Delivered by courier", paidAccount: "Courier ref PB-20418" });
  // Still in process: another jersey and a ৳10 bonus.
  await redeem("CRICKET_JERSEY", 2, "House 12, Road 5, Dhanmondi, Dhaka 1205 (size L)");
  await redeem("BONUS_10", 1, "demo.member.zalo");

  await sql.query("UPDATE point_accounts SET balance = $2, total_earned = $3, total_spent = $4, updated_at = $5 WHERE member_id = $1", [
    memberId,
    account.balance,
    account.earned,
    account.spent,
    now,
  ]);
}

async function spendOnSlots(sql: Sql, merchant: string, memberId: number, stake: number, when: Date): Promise<void> {
  const [game] = await sql.query<{ id: number }>(
    "SELECT id::float8 AS id FROM games WHERE merchant = $1 AND game_type = 'RNG' AND enabled ORDER BY sort, id LIMIT 1",
    [merchant],
  );
  if (!game) return;
  const roundKey = "seed-points-round";
  const movement = await applyMovement(sql, {
    merchant,
    idempotencyKey: `bet:${memberId}:${roundKey}`,
    kind: "bet",
    memo: "bet",
    now: when,
    legs: [
      { account: { kind: "wallet", memberId, accountTypeId: MAIN_WALLET }, amount: -stake },
      { account: { kind: "house" }, amount: stake },
    ],
  });
  await sql.query(
    `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
     VALUES ($1, $2, $3, $4, false, $5, 0, $6, $7, NULL, $8)`,
    [merchant, memberId, game.id, roundKey, stake, JSON.stringify({ seeded: true }), movement.transactionId, when],
  );
}
