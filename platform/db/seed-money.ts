import type { Localized } from "../messages";
import type { Db } from "./db";
import { runSeedStep } from "./seed-step";

// The money part's demo data (decision 016): deposit methods and channels, banks and e-wallets,
// welcome messages for demo_member and the money settings. Applied once per merchant (seed_steps).

const STEP = "005_money";

interface ChannelSeed {
  method: string;
  name: Localized;
  submitType: "TRANSACTION_ID" | "LAUNCH_URL";
  min: number;
  max: number;
  fixed: number[];
  allowCustom: boolean;
  accountName: string;
  accountNumber: string;
  instructions: Localized;
}

const methods: { code: string; name: Localized }[] = [
  { code: "BKASH", name: { EN: "bKash", BN: "বিকাশ" } },
  { code: "NAGAD", name: { EN: "Nagad", BN: "নগদ" } },
  { code: "ROCKET", name: { EN: "Rocket", BN: "রকেট" } },
  { code: "MT", name: { EN: "Bank transfer", BN: "ব্যাংক ট্রান্সফার" } },
  { code: "USDT", name: { EN: "USDT (TRC20)", BN: "USDT (TRC20)" } },
];

const sendMoney = (wallet: string): Localized => ({
  EN: `Send the amount with "Send Money" from your ${wallet} app to the number shown, then enter the transaction ID (TrxID) from the confirmation.`,
  BN: `আপনার ${wallet} অ্যাপ থেকে "সেন্ড মানি" দিয়ে দেখানো নম্বরে পরিমাণটি পাঠান, তারপর নিশ্চিতকরণ থেকে ট্রানজেকশন আইডি (TrxID) লিখুন।`,
});

const channels: ChannelSeed[] = [
  { method: "BKASH", name: { EN: "bKash Personal", BN: "বিকাশ পার্সোনাল" }, submitType: "TRANSACTION_ID", min: 200, max: 25_000, fixed: [500, 1000, 2000, 5000, 10000], allowCustom: true, accountName: "Demo Merchant", accountNumber: "01700000001", instructions: sendMoney("bKash") },
  { method: "BKASH", name: { EN: "bKash Agent", BN: "বিকাশ এজেন্ট" }, submitType: "TRANSACTION_ID", min: 500, max: 10_000, fixed: [500, 1000, 2000, 5000], allowCustom: false, accountName: "Demo Merchant", accountNumber: "01700000002", instructions: sendMoney("bKash") },
  { method: "NAGAD", name: { EN: "Nagad Personal", BN: "নগদ পার্সোনাল" }, submitType: "TRANSACTION_ID", min: 200, max: 25_000, fixed: [500, 1000, 2000, 5000, 10000], allowCustom: true, accountName: "Demo Merchant", accountNumber: "01800000001", instructions: sendMoney("Nagad") },
  { method: "ROCKET", name: { EN: "Rocket Personal", BN: "রকেট পার্সোনাল" }, submitType: "TRANSACTION_ID", min: 200, max: 20_000, fixed: [500, 1000, 2000, 5000], allowCustom: true, accountName: "Demo Merchant", accountNumber: "019000000011", instructions: sendMoney("Rocket") },
  {
    method: "MT",
    name: { EN: "Dutch-Bangla Bank transfer", BN: "ডাচ-বাংলা ব্যাংক ট্রান্সফার" },
    submitType: "TRANSACTION_ID",
    min: 1000,
    max: 100_000,
    fixed: [1000, 5000, 10000, 25000],
    allowCustom: true,
    accountName: "Demo Merchant Ltd",
    accountNumber: "1051100012345",
    instructions: { EN: "Transfer to the account shown, then enter the bank's reference number.", BN: "দেখানো অ্যাকাউন্টে ট্রান্সফার করুন, তারপর ব্যাংকের রেফারেন্স নম্বর লিখুন।" },
  },
  {
    method: "USDT",
    name: { EN: "USDT gateway", BN: "USDT গেটওয়ে" },
    submitType: "LAUNCH_URL",
    min: 1000,
    max: 500_000,
    fixed: [1000, 5000, 10000, 50000],
    allowCustom: true,
    accountName: "",
    accountNumber: "",
    instructions: {
      EN: "The request is recorded and waits for the payment provider's confirmation.",
      BN: "অনুরোধটি নথিভুক্ত হয়েছে এবং পেমেন্ট প্রদানকারীর নিশ্চিতকরণের অপেক্ষায় আছে।",
    },
  },
];

const banks: { code: string; name: string; cardType: "BC" | "EW" }[] = [
  { code: "BKASH", name: "bKash", cardType: "EW" },
  { code: "NAGAD", name: "Nagad", cardType: "EW" },
  { code: "ROCKET", name: "Rocket", cardType: "EW" },
  { code: "DBBL", name: "Dutch-Bangla Bank", cardType: "BC" },
  { code: "BRAC", name: "BRAC Bank", cardType: "BC" },
  { code: "CITY", name: "City Bank", cardType: "BC" },
  { code: "IBBL", name: "Islami Bank Bangladesh", cardType: "BC" },
  { code: "SONALI", name: "Sonali Bank", cardType: "BC" },
];

const welcome: { title: Localized; content: Localized; read: boolean; at: string }[] = [
  {
    title: { EN: "Welcome!", BN: "স্বাগতম!" },
    content: { EN: "Welcome to the site. Your member centre holds your wallet, deposits, withdrawals and records.", BN: "সাইটে স্বাগতম। আপনার মেম্বার সেন্টারে ওয়ালেট, ডিপোজিট, উত্তোলন এবং রেকর্ড রয়েছে।" },
    read: true,
    at: "2026-01-01T09:00:00Z",
  },
  {
    title: { EN: "Set your withdrawal password", BN: "আপনার উত্তোলনের পাসওয়ার্ড সেট করুন" },
    content: { EN: "Before your first withdrawal, set a withdrawal password and bind a bank account or e-wallet.", BN: "প্রথম উত্তোলনের আগে একটি উত্তোলনের পাসওয়ার্ড সেট করুন এবং একটি ব্যাংক অ্যাকাউন্ট বা ই-ওয়ালেট যুক্ত করুন।" },
    read: false,
    at: "2026-01-01T09:01:00Z",
  },
  {
    title: { EN: "Play responsibly", BN: "দায়িত্বের সাথে খেলুন" },
    content: { EN: "You can set deposit, loss and session limits in your account at any time.", BN: "আপনি যেকোনো সময় আপনার অ্যাকাউন্টে ডিপোজিট, লস এবং সেশন সীমা সেট করতে পারেন।" },
    read: false,
    at: "2026-01-01T09:02:00Z",
  },
];

export const moneySettings: Record<string, unknown> = {
  singleWallet: false,
  withdrawConfirmMinutes: 60,
  withdrawMin: 100,
  withdrawMax: 25_000,
  withdrawDailyAmount: 50_000,
  withdrawDailyTimes: 5,
};


export async function seedMoney(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(db, merchant, STEP, () => undefined, async (sql) => {
    // Settings the merchant does not have yet (an operator's own values stay).
    await sql.query("UPDATE merchants SET settings = $2::jsonb || settings WHERE code = $1", [merchant, JSON.stringify(moneySettings)]);
    for (const [sort, m] of methods.entries()) {
      await sql.query("INSERT INTO deposit_methods (merchant, method_code, name, sort) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING", [
        merchant,
        m.code,
        JSON.stringify(m.name),
        sort,
      ]);
    }
    for (const [sort, ch] of channels.entries()) {
      await sql.query(
        `INSERT INTO deposit_channels (merchant, method_code, name, submit_type, min_amount, max_amount, fixed_amounts, allow_custom,
                                       account_name, account_number, instructions, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7::bigint[], $8, $9, $10, $11, $12)`,
        [
          merchant,
          ch.method,
          JSON.stringify(ch.name),
          ch.submitType,
          ch.min * 100,
          ch.max * 100,
          ch.fixed.map((a) => a * 100),
          ch.allowCustom,
          ch.accountName,
          ch.accountNumber,
          JSON.stringify(ch.instructions),
          sort,
        ],
      );
    }
    for (const [sort, b] of banks.entries()) {
      await sql.query("INSERT INTO banks (merchant, bank_code, name, card_type, sort) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING", [
        merchant,
        b.code,
        b.name,
        b.cardType,
        sort,
      ]);
    }
    const [member] = await sql.query<{ id: number }>("SELECT id FROM members WHERE merchant = $1 AND lower(username) = 'demo_member'", [merchant]);
    if (member) {
      for (const w of welcome) {
        await sql.query(
          "INSERT INTO member_messages (merchant, member_id, kind, title, content, created_at, read_at) VALUES ($1, $2, 'WELCOME', $3, $4, $5, $6)",
          [merchant, member.id, JSON.stringify(w.title), JSON.stringify(w.content), w.at, w.read ? w.at : null],
        );
      }
    }
  });
}
