import type { Localized } from "../messages";
import { businessDay } from "../services/periods";
import { RANKS } from "../services/ranks";
import type { Db, Sql } from "./db";
import { runSeedStep } from "./seed-step";

// The promotions and VIP demo data of decision 027, seed step 017_promotions_vip (also applied to
// databases seeded before it): promotion categories, terms (EN and BN) and banner sizes for every
// promotion, two application-form promotions demo_member can still apply to and its applications
// to the reviewed ones, the VIP ladder (vip_ranks) and the customer-service links.

const STEP = "017_promotions_vip";
const DAY = 86_400_000;

export const promotionCategorySeeds: { code: string; name: Localized }[] = [
  { code: "NEW_MEMBER", name: { EN: "New member", BN: "নতুন সদস্য" } },
  { code: "DEPOSIT", name: { EN: "Deposit", BN: "ডিপোজিট" } },
  { code: "SLOTS", name: { EN: "Slots", BN: "স্লট" } },
  { code: "LIVE", name: { EN: "Live casino", BN: "লাইভ ক্যাসিনো" } },
  { code: "SPORTS", name: { EN: "Sports", BN: "স্পোর্টস" } },
  { code: "VIP", name: { EN: "VIP", BN: "ভিআইপি" } },
  { code: "DAILY", name: { EN: "Daily", BN: "দৈনিক" } },
  { code: "EVENTS", name: { EN: "Events", BN: "ইভেন্ট" } },
];

/** The categories of decision 017's seed, renamed to the tabs above (databases seeded before). */
const CATEGORY_RENAMES: [string, string][] = [
  ["RAFFLE", "DAILY"],
  ["NEWBIE", "NEW_MEMBER"],
  ["TOURNAMENT", "SLOTS"],
  ["TURNOVER", "EVENTS"],
  ["SEASONAL", "EVENTS"],
];

interface TermsSpec {
  eligibility: Localized;
  /** Times the bonus must be wagered before withdrawal; 0 = none. */
  turnover: number;
  banner?: [number, number];
}

/** Terms of every seeded promotion, by code: eligibility and turnover; the rest is common. */
export const termsSeeds: Record<string, TermsSpec> = {
  DAILY_RAFFLE: {
    eligibility: {
      EN: "Every member with a real-money account may draw once per business day (00:00–23:59 Bangladesh time).",
      BN: "আসল টাকার অ্যাকাউন্ট থাকা প্রত্যেক সদস্য প্রতি ব্যবসায়িক দিনে (বাংলাদেশ সময় ০০:০০–২৩:৫৯) একবার ড্র করতে পারবেন।",
    },
    turnover: 1,
    banner: [750, 375],
  },
  WELCOME_BONUS: {
    eligibility: {
      EN: "New members who registered within the last 30 days and whose first deposit has been credited.",
      BN: "গত ৩০ দিনের মধ্যে নিবন্ধিত নতুন সদস্য, যাদের প্রথম ডিপোজিট জমা হয়েছে।",
    },
    turnover: 5,
  },
  WEEKLY_RELOAD: {
    eligibility: {
      EN: "Members who have deposited at least ৳500 during the current week (Saturday to Friday).",
      BN: "চলতি সপ্তাহে (শনিবার থেকে শুক্রবার) কমপক্ষে ৳৫০০ ডিপোজিট করা সদস্য।",
    },
    turnover: 5,
  },
  VIP_GIFT: {
    eligibility: {
      EN: "Members of rank Silver or above, in the month of their birthday, with a verified date of birth.",
      BN: "সিলভার বা তার উপরের র‍্যাংকের সদস্য, জন্মমাসে, যাচাইকৃত জন্মতারিখসহ।",
    },
    turnover: 1,
  },
  SLOT_TOURNAMENT: {
    eligibility: {
      EN: "Every member who joins before the tournament ends; only slots bets of ৳10 or more count towards the leaderboard.",
      BN: "টুর্নামেন্ট শেষ হওয়ার আগে যোগ দেওয়া প্রত্যেক সদস্য; লিডারবোর্ডে শুধু ৳১০ বা তার বেশি স্লট বাজি গণ্য হবে।",
    },
    turnover: 1,
  },
  LIVE_CASHBACK: {
    eligibility: {
      EN: "Members who have joined and place live casino bets on Friday and Saturday.",
      BN: "যে সদস্যরা যোগ দিয়েছেন এবং শুক্র ও শনিবার লাইভ ক্যাসিনোতে বাজি ধরেন।",
    },
    turnover: 1,
  },
  DEPOSIT_MATCH: {
    eligibility: {
      EN: "Members whose first deposit is ৳500 or more. Apply with the deposit's transaction ID in the remark and a screenshot of the payment.",
      BN: "যাদের প্রথম ডিপোজিট ৳৫০০ বা তার বেশি। মন্তব্যে ডিপোজিটের ট্রানজেকশন আইডি ও পেমেন্টের স্ক্রিনশট দিয়ে আবেদন করুন।",
    },
    turnover: 15,
  },
  CRICKET_SPECIAL: {
    eligibility: {
      EN: "Members who place at least five cricket bets of ৳200 or more at odds of 1.50 or higher during the period.",
      BN: "যে সদস্যরা এই সময়ে ১.৫০ বা তার বেশি অডসে ৳২০০ বা তার বেশি অন্তত পাঁচটি ক্রিকেট বাজি ধরেন।",
    },
    turnover: 5,
  },
  TURNOVER_CHALLENGE: {
    eligibility: {
      EN: "Members who reach a valid turnover of ৳20,000 during the challenge.",
      BN: "চ্যালেঞ্জ চলাকালে ৳২০,০০০ বৈধ টার্নওভারে পৌঁছানো সদস্য।",
    },
    turnover: 1,
  },
  DAILY_CHECKIN: {
    eligibility: {
      EN: "Every member who signs in at the reward centre, once per business day.",
      BN: "রিওয়ার্ড সেন্টারে প্রতি ব্যবসায়িক দিনে একবার সাইন ইন করা প্রত্যেক সদস্য।",
    },
    turnover: 1,
  },
  SUMMER_FEST: {
    eligibility: { EN: "Members who played during the Summer Festival.", BN: "গ্রীষ্ম উৎসব চলাকালে খেলেছেন এমন সদস্য।" },
    turnover: 8,
  },
  NEW_YEAR: {
    eligibility: { EN: "Every member with a verified mobile number.", BN: "যাচাইকৃত মোবাইল নম্বরসহ প্রত্যেক সদস্য।" },
    turnover: 10,
  },
  SLOTS_BIG_WIN: {
    eligibility: {
      EN: "Members who hit a single slots win of at least 100 times the stake (stake ৳10 or more) during the period. Apply with the bet ID in the remark and a screenshot of the win.",
      BN: "যে সদস্যরা এই সময়ে একটি স্লট বাজিতে স্টেকের অন্তত ১০০ গুণ জেতেন (স্টেক ৳১০ বা তার বেশি)। মন্তব্যে বাজির আইডি ও জয়ের স্ক্রিনশট দিয়ে আবেদন করুন।",
    },
    turnover: 3,
  },
  LIVE_WIN_STREAK: {
    eligibility: {
      EN: "Members who win five live baccarat or roulette hands in a row at ৳100 or more per hand. Apply with the five round IDs in the remark.",
      BN: "যে সদস্যরা প্রতি হাতে ৳১০০ বা তার বেশি বাজিতে টানা পাঁচটি লাইভ ব্যাকারাট বা রুলেট হাত জেতেন। মন্তব্যে পাঁচটি রাউন্ড আইডি দিয়ে আবেদন করুন।",
    },
    turnover: 3,
  },
};

/** Two application-form promotions demo_member has not applied to (status JOIN). */
export const applyFormSeeds: {
  code: string;
  title: Localized;
  description: Localized;
  category: string;
  bonus: number;
  startsIn: number;
  endsIn: number;
}[] = [
  {
    code: "SLOTS_BIG_WIN",
    title: { EN: "Slots Big Win Bonus", BN: "স্লট বিগ উইন বোনাস" },
    description: {
      EN: "Hit 100× your stake on any slot and get an extra ৳500. Apply with your bet ID.",
      BN: "যেকোনো স্লটে স্টেকের ১০০ গুণ জিতুন এবং অতিরিক্ত ৳৫০০ পান। বাজির আইডি দিয়ে আবেদন করুন।",
    },
    category: "SLOTS",
    bonus: 500_00,
    startsIn: -2,
    endsIn: 28,
  },
  {
    code: "LIVE_WIN_STREAK",
    title: { EN: "Live Casino Win Streak", BN: "লাইভ ক্যাসিনো জয়ের ধারা" },
    description: {
      EN: "Win five live baccarat or roulette hands in a row and claim ৳300.",
      BN: "টানা পাঁচটি লাইভ ব্যাকারাট বা রুলেট হাত জিতুন এবং ৳৩০০ দাবি করুন।",
    },
    category: "LIVE",
    bonus: 300_00,
    startsIn: -5,
    endsIn: 25,
  },
];

/** demo_member's applications to the reviewed promotions of decision 017's seed. */
export const applicationSeeds: { code: string; remark: string; status: "APPLYING" | "REJECTED"; reason?: string; daysAgo: number }[] = [
  { code: "DEPOSIT_MATCH", remark: "First deposit ৳5,000 via bKash, transaction ID 9J7K2M4QX1.", status: "APPLYING", daysAgo: 1 },
  {
    code: "CRICKET_SPECIAL",
    remark: "Five cricket bets on the Dhaka v Chattogram match, all at odds above 1.50.",
    status: "REJECTED",
    reason: "Two of the five bets were below ৳200.",
    daysAgo: 6,
  },
];

/** The VIP ladder: decision 017's RANKS with their benefits (BDT, minor units). */
export const vipRankSeeds = RANKS.map((rank) => {
  const benefits: Record<number, [number, number, number, number, number]> = {
    // rebate bonus (points), daily withdrawal limit, times, birthday bonus, upgrade bonus. A limit
    // of 0 raises nothing: Bronze and Silver withdraw under the merchant's settings (50,000 × 5).
    1: [0, 0, 0, 0, 0],
    2: [0.05, 0, 0, 100_00, 50_00],
    3: [0.1, 100_000_00, 8, 300_00, 200_00],
    4: [0.15, 200_000_00, 10, 800_00, 500_00],
    5: [0.2, 500_000_00, 15, 2_000_00, 1_500_00],
    6: [0.3, 1_000_000_00, 20, 8_888_00, 5_000_00],
  };
  const [rebateBonus, dailyWithdrawalLimit, dailyWithdrawalTimes, birthdayBonus, upgradeBonus] = benefits[rank.level]!;
  return { ...rank, rebateBonus, dailyWithdrawalLimit, dailyWithdrawalTimes, birthdayBonus, upgradeBonus };
});

/** The customer-service links of /wps/system/serviceLink: 1 VIP service, 2 Telegram, 3 live chat. */
export const serviceLinkSeeds = (merchant: string) => [
  { type: 1, url: `https://chat.example.com/vip?merchant=${merchant}` },
  { type: 2, url: `https://t.me/${merchant}_support` },
  { type: 3, url: `https://chat.example.com/livechat?merchant=${merchant}` },
];

const escapeHtml = (text: string) => text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The terms HTML in EN and BN: eligibility, turnover requirement, period, general terms. */
export function termsHtml(spec: TermsSpec, startsAt: Date, endsAt: Date | null, bonus: number): Localized {
  const start = businessDay(startsAt);
  const end = endsAt ? businessDay(endsAt) : null;
  const en = [
    "<h3>Eligibility</h3>",
    `<ul><li>${escapeHtml(spec.eligibility.EN)}</li><li>One bonus per member, household, IP address and payment account.</li></ul>`,
    "<h3>Turnover requirement</h3>",
    spec.turnover > 0 && bonus > 0
      ? `<p>The bonus must be wagered <strong>${spec.turnover}×</strong> in valid bets before it can be withdrawn (for ৳${(bonus / 100).toLocaleString("en-US")}: ৳${((bonus * spec.turnover) / 100).toLocaleString("en-US")}).</p>`
      : spec.turnover > 0
        ? `<p>Prizes must be wagered <strong>${spec.turnover}×</strong> in valid bets before they can be withdrawn.</p>`
        : "<p>No turnover requirement: the bonus can be withdrawn at once.</p>",
    "<h3>Promotion period</h3>",
    end
      ? `<p>From ${start} 00:00 to ${end} 23:59, Bangladesh time (UTC+06:00).</p>`
      : `<p>From ${start} 00:00, Bangladesh time (UTC+06:00), until further notice.</p>`,
    "<h3>General terms</h3>",
    "<ol><li>Only settled real-money bets count as valid bets; void, cancelled and drawn bets, and bets on both sides of one market, do not count.</li>" +
      "<li>Bonuses are credited to the main wallet in BDT.</li>" +
      "<li>Multiple accounts, bonus abuse or irregular betting void the bonus and any winnings from it.</li>" +
      "<li>The operator may change or end this promotion at any time; its decision is final.</li>" +
      "<li>The site's general terms and conditions apply.</li></ol>",
  ].join("");
  const bnDigits = (text: string) => text.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
  const bn = [
    "<h3>যোগ্যতা</h3>",
    `<ul><li>${escapeHtml(spec.eligibility.BN ?? spec.eligibility.EN)}</li><li>প্রতি সদস্য, পরিবার, আইপি ঠিকানা ও পেমেন্ট অ্যাকাউন্টে একটি বোনাস।</li></ul>`,
    "<h3>টার্নওভারের শর্ত</h3>",
    spec.turnover > 0 && bonus > 0
      ? `<p>উত্তোলনের আগে বোনাসটি বৈধ বাজিতে <strong>${bnDigits(String(spec.turnover))} গুণ</strong> খেলতে হবে (৳${bnDigits((bonus / 100).toLocaleString("en-IN"))} বোনাসে ৳${bnDigits(((bonus * spec.turnover) / 100).toLocaleString("en-IN"))})।</p>`
      : spec.turnover > 0
        ? `<p>উত্তোলনের আগে পুরস্কার বৈধ বাজিতে <strong>${bnDigits(String(spec.turnover))} গুণ</strong> খেলতে হবে।</p>`
        : "<p>কোনো টার্নওভারের শর্ত নেই: বোনাস সঙ্গে সঙ্গে উত্তোলন করা যাবে।</p>",
    "<h3>প্রোমোশনের সময়কাল</h3>",
    end
      ? `<p>${bnDigits(start)} ০০:০০ থেকে ${bnDigits(end)} ২৩:৫৯ পর্যন্ত, বাংলাদেশ সময় (UTC+০৬:০০)।</p>`
      : `<p>${bnDigits(start)} ০০:০০ থেকে, বাংলাদেশ সময় (UTC+০৬:০০), পরবর্তী ঘোষণা না দেওয়া পর্যন্ত।</p>`,
    "<h3>সাধারণ শর্তাবলি</h3>",
    "<ol><li>শুধু নিষ্পত্তি হওয়া আসল টাকার বাজি বৈধ বাজি হিসেবে গণ্য হবে; বাতিল, ড্র এবং একই মার্কেটের দুই দিকে ধরা বাজি গণ্য হবে না।</li>" +
      "<li>বোনাস টাকায় (BDT) প্রধান ওয়ালেটে জমা হয়।</li>" +
      "<li>একাধিক অ্যাকাউন্ট, বোনাসের অপব্যবহার বা অনিয়মিত বাজির ক্ষেত্রে বোনাস ও তা থেকে জেতা অর্থ বাতিল হবে।</li>" +
      "<li>অপারেটর যেকোনো সময় এই প্রোমোশন পরিবর্তন বা বন্ধ করতে পারে; তার সিদ্ধান্তই চূড়ান্ত।</li>" +
      "<li>সাইটের সাধারণ শর্তাবলি প্রযোজ্য।</li></ol>",
  ].join("");
  return { EN: en, BN: bn };
}

/** Seed step 017_promotions_vip for a merchant that exists, once (after 006_records). */
export function seedPromotionsVip(db: Db, merchant: string, now: Date = new Date()): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    STEP,
    () => undefined,
    (sql) => writeStep(sql, merchant, now),
  );
}

async function writeStep(sql: Sql, merchant: string, now: Date): Promise<void> {
  for (const [index, c] of promotionCategorySeeds.entries()) {
    await sql.query(
      `INSERT INTO promotion_categories (merchant, code, name, sort) VALUES ($1, $2, $3, $4)
       ON CONFLICT (merchant, code) DO NOTHING`,
      [merchant, c.code, JSON.stringify(c.name), index],
    );
  }
  for (const [from, to] of CATEGORY_RENAMES) {
    await sql.query("UPDATE promotions SET category = $3 WHERE merchant = $1 AND category = $2", [merchant, from, to]);
  }

  const [top] = await sql.query<{ sort: number | null }>("SELECT max(sort) AS sort FROM promotions WHERE merchant = $1", [merchant]);
  for (const [index, p] of applyFormSeeds.entries()) {
    await sql.query(
      `INSERT INTO promotions (merchant, code, title, description, category, flow, needs_review, bonus, starts_at, ends_at, sort)
       VALUES ($1, $2, $3, $4, $5, 'join', true, $6, $7, $8, $9) ON CONFLICT (merchant, code) DO NOTHING`,
      [
        merchant,
        p.code,
        JSON.stringify(p.title),
        JSON.stringify(p.description),
        p.category,
        p.bonus,
        new Date(now.getTime() + p.startsIn * DAY),
        new Date(now.getTime() + p.endsIn * DAY),
        Number(top?.sort ?? 0) + 1 + index,
      ],
    );
  }

  const promotions = await sql.query<{ id: number; code: string; bonus: number; starts_at: Date; ends_at: Date | null }>(
    "SELECT id, code, bonus, starts_at, ends_at FROM promotions WHERE merchant = $1",
    [merchant],
  );
  for (const p of promotions) {
    const spec = termsSeeds[p.code];
    if (!spec) continue;
    const [width, height] = spec.banner ?? [750, 300];
    await sql.query("UPDATE promotions SET terms = $2, banner_width = $3, banner_height = $4 WHERE id = $1", [
      p.id,
      JSON.stringify(termsHtml(spec, new Date(p.starts_at), p.ends_at ? new Date(p.ends_at) : null, Number(p.bonus))),
      width,
      height,
    ]);
  }

  const [member] = await sql.query<{ id: number }>("SELECT id FROM members WHERE merchant = $1 AND username = 'demo_member'", [merchant]);
  if (member) {
    for (const a of applicationSeeds) {
      const promotion = promotions.find((p) => p.code === a.code);
      if (!promotion) continue;
      // Only where the member's status still says so (an operator may have moved it since).
      const [state] = await sql.query<{ status: string }>(
        "SELECT status FROM member_promotions WHERE member_id = $1 AND promotion_id = $2",
        [member.id, promotion.id],
      );
      if (state?.status !== a.status) continue;
      const at = new Date(now.getTime() - a.daysAgo * DAY);
      await sql.query(
        `INSERT INTO promotion_applications (merchant, member_id, promotion_id, remark, status, reason, created_at, decided_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          merchant,
          member.id,
          promotion.id,
          a.remark,
          a.status,
          a.reason ?? "",
          at,
          a.status === "APPLYING" ? null : new Date(at.getTime() + DAY / 2),
        ],
      );
    }
  }

  for (const r of vipRankSeeds) {
    await sql.query(
      `INSERT INTO vip_ranks (merchant, level, name, monthly_turnover, rebate_bonus, daily_withdrawal_limit, daily_withdrawal_times, birthday_bonus, upgrade_bonus)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (merchant, level) DO NOTHING`,
      [
        merchant,
        r.level,
        JSON.stringify(r.name),
        r.monthlyTurnover,
        r.rebateBonus,
        r.dailyWithdrawalLimit,
        r.dailyWithdrawalTimes,
        r.birthdayBonus,
        r.upgradeBonus,
      ],
    );
  }

  await sql.query("UPDATE merchants SET settings = settings || $2::jsonb WHERE code = $1 AND NOT settings ? 'serviceLinks'", [
    merchant,
    JSON.stringify({ serviceLinks: serviceLinkSeeds(merchant) }),
  ]);
}
