import type { Localized } from "../messages";

// The agent team's demo data (decision 025, seed step agent-tree): a 4-level tree under demo_agent,
// agent announcements and affiliate codes. Times are relative to the seed run (days ago).

export interface TeamAccountSeed {
  username: string;
  /** 0 member, 2 sub-agent. */
  accountType: 0 | 2;
  nickname: string;
  upline: string;
  /** Full international digits (Bangladesh, 880 15 5…), or none. */
  mobile?: string;
  /** 0 = earlier today, 1 = yesterday, else that many days (and a few hours) ago. */
  createdDaysAgo: number;
  /** Days after registering of the last login (capped at now); null = never logged in. */
  lastLoginAfterDays: number | null;
  /** Main-wallet opening balance, major units. */
  opening: number;
  /** Plays the demo games (the seed writes real bets for it). */
  plays: boolean;
  frozen?: boolean;
  /** The affiliate code it registered with, else it was opened in the upline's register centre. */
  affiliateCode?: string;
}

const mobile = (n: number) => `8801552${String(100_000 + n).slice(1)}`;

/**
 * Levels below demo_agent: 1 demo_subagent and team_m01–m08 (demo_member is already a direct
 * member); 2 demo_subagent2 and team_m09–m16 under demo_subagent; 3 team_agent01 and
 * team_m17–m24 under demo_subagent2; 4 team_m25–m34 under team_agent01.
 */
export const teamSeeds: TeamAccountSeed[] = [
  {
    username: "demo_subagent",
    accountType: 2,
    nickname: "Dhaka Sub-agent",
    upline: "demo_agent",
    mobile: mobile(1),
    createdDaysAgo: 88,
    lastLoginAfterDays: 87,
    opening: 15_000,
    plays: false,
    affiliateCode: "AGENTSUB1",
  },
  {
    username: "team_m01",
    accountType: 0,
    nickname: "Rahim Uddin",
    upline: "demo_agent",
    mobile: mobile(11),
    createdDaysAgo: 86,
    lastLoginAfterDays: 85,
    opening: 2_500,
    plays: true,
    affiliateCode: "AGENT01",
  },
  {
    username: "team_m02",
    accountType: 0,
    nickname: "Fatema Akter",
    upline: "demo_agent",
    mobile: mobile(12),
    createdDaysAgo: 79,
    lastLoginAfterDays: 78,
    opening: 1_200,
    plays: true,
    affiliateCode: "AGENT01",
  },
  {
    username: "team_m03",
    accountType: 0,
    nickname: "Tanvir Ahmed",
    upline: "demo_agent",
    mobile: mobile(13),
    createdDaysAgo: 71,
    lastLoginAfterDays: 70,
    opening: 3_000,
    plays: true,
    affiliateCode: "AGENT01",
  },
  {
    username: "team_m04",
    accountType: 0,
    nickname: "Nusrat Jahan",
    upline: "demo_agent",
    mobile: mobile(14),
    createdDaysAgo: 64,
    lastLoginAfterDays: 40,
    opening: 800,
    plays: true,
    affiliateCode: "AGENT01",
  },
  {
    username: "team_m05",
    accountType: 0,
    nickname: "Sabbir Rahman",
    upline: "demo_agent",
    mobile: mobile(15),
    createdDaysAgo: 55,
    lastLoginAfterDays: 20,
    opening: 1_500,
    plays: true,
    frozen: true,
    affiliateCode: "AGENT01",
  },
  {
    username: "team_m06",
    accountType: 0,
    nickname: "Mehedi Hasan",
    upline: "demo_agent",
    createdDaysAgo: 33,
    lastLoginAfterDays: null,
    opening: 0,
    plays: false,
    affiliateCode: "AGENT01",
  },
  {
    username: "team_m07",
    accountType: 0,
    nickname: "Sumaiya Islam",
    upline: "demo_agent",
    mobile: mobile(17),
    createdDaysAgo: 12,
    lastLoginAfterDays: 11,
    opening: 600,
    plays: true,
  },
  {
    username: "team_m08",
    accountType: 0,
    nickname: "Arif Chowdhury",
    upline: "demo_agent",
    mobile: mobile(18),
    createdDaysAgo: 0,
    lastLoginAfterDays: 0,
    opening: 500,
    plays: true,
  },

  {
    username: "demo_subagent2",
    accountType: 2,
    nickname: "Chattogram Sub-agent",
    upline: "demo_subagent",
    mobile: mobile(2),
    createdDaysAgo: 80,
    lastLoginAfterDays: 79,
    opening: 8_000,
    plays: false,
  },
  {
    username: "team_m09",
    accountType: 0,
    nickname: "Karim Hossain",
    upline: "demo_subagent",
    mobile: mobile(19),
    createdDaysAgo: 83,
    lastLoginAfterDays: 82,
    opening: 2_000,
    plays: true,
    affiliateCode: "SUBAGENT1",
  },
  {
    username: "team_m10",
    accountType: 0,
    nickname: "Jannat Ara",
    upline: "demo_subagent",
    mobile: mobile(20),
    createdDaysAgo: 76,
    lastLoginAfterDays: 75,
    opening: 1_000,
    plays: true,
    affiliateCode: "SUBAGENT1",
  },
  {
    username: "team_m11",
    accountType: 0,
    nickname: "Shakil Khan",
    upline: "demo_subagent",
    mobile: mobile(21),
    createdDaysAgo: 68,
    lastLoginAfterDays: 60,
    opening: 1_800,
    plays: true,
    affiliateCode: "SUBAGENT1",
  },
  {
    username: "team_m12",
    accountType: 0,
    nickname: "Mim Sultana",
    upline: "demo_subagent",
    mobile: mobile(22),
    createdDaysAgo: 49,
    lastLoginAfterDays: 48,
    opening: 700,
    plays: true,
  },
  {
    username: "team_m13",
    accountType: 0,
    nickname: "Imran Hossain",
    upline: "demo_subagent",
    mobile: mobile(23),
    createdDaysAgo: 41,
    lastLoginAfterDays: 30,
    opening: 2_200,
    plays: true,
  },
  {
    username: "team_m14",
    accountType: 0,
    nickname: "Rubel Sarker",
    upline: "demo_subagent",
    createdDaysAgo: 27,
    lastLoginAfterDays: 26,
    opening: 900,
    plays: true,
  },
  {
    username: "team_m15",
    accountType: 0,
    nickname: "Shirin Begum",
    upline: "demo_subagent",
    mobile: mobile(25),
    createdDaysAgo: 9,
    lastLoginAfterDays: 8,
    opening: 400,
    plays: true,
  },
  {
    username: "team_m16",
    accountType: 0,
    nickname: "Nayeem Islam",
    upline: "demo_subagent",
    mobile: mobile(26),
    createdDaysAgo: 1,
    lastLoginAfterDays: 0,
    opening: 300,
    plays: true,
  },

  {
    username: "team_agent01",
    accountType: 2,
    nickname: "Sylhet Agent",
    upline: "demo_subagent2",
    mobile: mobile(3),
    createdDaysAgo: 70,
    lastLoginAfterDays: 69,
    opening: 5_000,
    plays: false,
  },
  {
    username: "team_m17",
    accountType: 0,
    nickname: "Tahmina Khatun",
    upline: "demo_subagent2",
    mobile: mobile(27),
    createdDaysAgo: 77,
    lastLoginAfterDays: 76,
    opening: 1_600,
    plays: true,
  },
  {
    username: "team_m18",
    accountType: 0,
    nickname: "Sohel Rana",
    upline: "demo_subagent2",
    mobile: mobile(28),
    createdDaysAgo: 66,
    lastLoginAfterDays: 65,
    opening: 2_400,
    plays: true,
  },
  {
    username: "team_m19",
    accountType: 0,
    nickname: "Farhana Yasmin",
    upline: "demo_subagent2",
    mobile: mobile(29),
    createdDaysAgo: 58,
    lastLoginAfterDays: 50,
    opening: 1_100,
    plays: true,
  },
  {
    username: "team_m20",
    accountType: 0,
    nickname: "Asif Iqbal",
    upline: "demo_subagent2",
    createdDaysAgo: 45,
    lastLoginAfterDays: null,
    opening: 0,
    plays: false,
  },
  {
    username: "team_m21",
    accountType: 0,
    nickname: "Rakibul Hasan",
    upline: "demo_subagent2",
    mobile: mobile(31),
    createdDaysAgo: 38,
    lastLoginAfterDays: 37,
    opening: 1_300,
    plays: true,
  },
  {
    username: "team_m22",
    accountType: 0,
    nickname: "Sadia Afrin",
    upline: "demo_subagent2",
    mobile: mobile(32),
    createdDaysAgo: 22,
    lastLoginAfterDays: 21,
    opening: 750,
    plays: true,
  },
  {
    username: "team_m23",
    accountType: 0,
    nickname: "Habibur Rahman",
    upline: "demo_subagent2",
    mobile: mobile(33),
    createdDaysAgo: 15,
    lastLoginAfterDays: 14,
    opening: 1_000,
    plays: true,
  },
  {
    username: "team_m24",
    accountType: 0,
    nickname: "Mahmudul Hasan",
    upline: "demo_subagent2",
    mobile: mobile(34),
    createdDaysAgo: 4,
    lastLoginAfterDays: 3,
    opening: 500,
    plays: true,
  },

  {
    username: "team_m25",
    accountType: 0,
    nickname: "Shamima Nasrin",
    upline: "team_agent01",
    mobile: mobile(35),
    createdDaysAgo: 67,
    lastLoginAfterDays: 66,
    opening: 1_400,
    plays: true,
  },
  {
    username: "team_m26",
    accountType: 0,
    nickname: "Jahid Hasan",
    upline: "team_agent01",
    mobile: mobile(36),
    createdDaysAgo: 61,
    lastLoginAfterDays: 60,
    opening: 2_100,
    plays: true,
  },
  {
    username: "team_m27",
    accountType: 0,
    nickname: "Liton Das",
    upline: "team_agent01",
    mobile: mobile(37),
    createdDaysAgo: 53,
    lastLoginAfterDays: 52,
    opening: 900,
    plays: true,
  },
  {
    username: "team_m28",
    accountType: 0,
    nickname: "Nasrin Sultana",
    upline: "team_agent01",
    createdDaysAgo: 47,
    lastLoginAfterDays: 46,
    opening: 650,
    plays: true,
  },
  {
    username: "team_m29",
    accountType: 0,
    nickname: "Mizanur Rahman",
    upline: "team_agent01",
    mobile: mobile(39),
    createdDaysAgo: 36,
    lastLoginAfterDays: 35,
    opening: 1_750,
    plays: true,
  },
  {
    username: "team_m30",
    accountType: 0,
    nickname: "Parvez Alam",
    upline: "team_agent01",
    mobile: mobile(40),
    createdDaysAgo: 29,
    lastLoginAfterDays: 28,
    opening: 1_200,
    plays: true,
  },
  {
    username: "team_m31",
    accountType: 0,
    nickname: "Ruma Akter",
    upline: "team_agent01",
    mobile: mobile(41),
    createdDaysAgo: 19,
    lastLoginAfterDays: 18,
    opening: 500,
    plays: true,
  },
  {
    username: "team_m32",
    accountType: 0,
    nickname: "Tareq Aziz",
    upline: "team_agent01",
    mobile: mobile(42),
    createdDaysAgo: 11,
    lastLoginAfterDays: 10,
    opening: 950,
    plays: true,
  },
  {
    username: "team_m33",
    accountType: 0,
    nickname: "Anika Tabassum",
    upline: "team_agent01",
    mobile: mobile(43),
    createdDaysAgo: 6,
    lastLoginAfterDays: 5,
    opening: 600,
    plays: true,
  },
  {
    username: "team_m34",
    accountType: 0,
    nickname: "Rafiq Mia",
    upline: "team_agent01",
    createdDaysAgo: 2,
    lastLoginAfterDays: null,
    opening: 0,
    plays: false,
  },
];

/** demo_agent's own opening balance (major): what it transfers to its downlines. */
export const AGENT_OPENING = 20_000;

/** Affiliate codes added: [owner, code, accountType (1 = registers sub-agents), days ago]. */
export const affiliateCodeSeeds: [string, string, 0 | 1, number][] = [
  ["demo_agent", "AGENTSUB1", 1, 89],
  ["demo_subagent", "SUBAGENT1", 0, 85],
];

/** demo_agent's commissions of past months (major units), oldest first: paid on the 3rd of the month after. */
export const commissionSeeds: number[] = [1_284.5, 956.2, 1_432.75];

export interface AgentAnnouncementSeed {
  title: Localized;
  content: Localized;
  daysAgo: number;
}

export const agentAnnouncementSeeds: AgentAnnouncementSeed[] = [
  {
    daysAgo: 1,
    title: { EN: "New: hourly salary contracts", BN: "নতুন: ঘণ্টাভিত্তিক বেতন চুক্তি" },
    content: {
      EN: "<p>You can now offer your sub-agents an <strong>hourly salary</strong> contract. It pays a share of the team's valid bets every hour, once the hour's bets reach the amount you set.</p><p>Open <strong>Hourly salary</strong> in the agent centre to make an offer.</p>",
      BN: "<p>এখন আপনি আপনার সাব-এজেন্টদের <strong>ঘণ্টাভিত্তিক বেতন</strong> চুক্তি দিতে পারেন। ঘণ্টার বাজি আপনার ঠিক করা পরিমাণে পৌঁছালে প্রতি ঘণ্টায় টিমের বৈধ বাজির একটি অংশ দেওয়া হয়।</p><p>অফার দিতে এজেন্ট সেন্টারে <strong>ঘণ্টাভিত্তিক বেতন</strong> খুলুন।</p>",
    },
  },
  {
    daysAgo: 4,
    title: { EN: "Commission for last month is paid", BN: "গত মাসের কমিশন পরিশোধ করা হয়েছে" },
    content: {
      EN: "<p>Last month's commission has been paid into your <strong>main wallet</strong>. See every payment under <strong>My income</strong>.</p>",
      BN: "<p>গত মাসের কমিশন আপনার <strong>মূল ওয়ালেটে</strong> জমা হয়েছে। প্রতিটি পেমেন্ট দেখুন <strong>আমার আয়</strong> পাতায়।</p>",
    },
  },
  {
    daysAgo: 9,
    title: { EN: "How to grow your team", BN: "কীভাবে আপনার টিম বাড়াবেন" },
    content: {
      EN: "<p>Three simple steps:</p><ul><li>Share your invitation link or its QR code.</li><li>Open accounts for players in the <strong>Register centre</strong>.</li><li>Offer contracts to your best sub-agents.</li></ul>",
      BN: "<p>তিনটি সহজ ধাপ:</p><ul><li>আপনার আমন্ত্রণ লিঙ্ক বা তার QR কোড শেয়ার করুন।</li><li><strong>রেজিস্টার সেন্টারে</strong> খেলোয়াড়দের জন্য অ্যাকাউন্ট খুলুন।</li><li>আপনার সেরা সাব-এজেন্টদের চুক্তি দিন।</li></ul>",
    },
  },
  {
    daysAgo: 16,
    title: { EN: "Scheduled maintenance on Friday", BN: "শুক্রবার নির্ধারিত রক্ষণাবেক্ষণ" },
    content: {
      EN: "<p>The site will be under maintenance on <strong>Friday from 02:00 to 04:00</strong> (Dhaka time). Reports and transfers are not available during that time.</p>",
      BN: "<p>সাইটটি <strong>শুক্রবার রাত ০২:০০ থেকে ০৪:০০</strong> (ঢাকা সময়) রক্ষণাবেক্ষণে থাকবে। এই সময়ে রিপোর্ট ও ট্রান্সফার পাওয়া যাবে না।</p>",
    },
  },
  {
    daysAgo: 25,
    title: { EN: "Transfers to your downline", BN: "আপনার ডাউনলাইনে ট্রান্সফার" },
    content: {
      EN: "<p>You can send money from your main wallet to a <strong>direct</strong> downline account. Both of you get an inbox message, and the transfer shows under <strong>Transaction details</strong>.</p>",
      BN: "<p>আপনি আপনার মূল ওয়ালেট থেকে একটি <strong>সরাসরি</strong> ডাউনলাইন অ্যাকাউন্টে টাকা পাঠাতে পারেন। দুজনেই ইনবক্সে বার্তা পাবেন, আর ট্রান্সফারটি <strong>লেনদেনের বিবরণে</strong> দেখা যাবে।</p>",
    },
  },
  {
    daysAgo: 40,
    title: { EN: "Welcome to the agent centre", BN: "এজেন্ট সেন্টারে স্বাগতম" },
    content: {
      EN: "<p>Welcome! Here you follow your team: its size, deposits, bets and <strong>profit and loss</strong>, day by day.</p><p>Questions? Write to your account manager.</p>",
      BN: "<p>স্বাগতম! এখানে আপনি আপনার টিমের আকার, জমা, বাজি এবং <strong>লাভ-ক্ষতি</strong> দিনে দিনে দেখতে পারবেন।</p><p>কোনো প্রশ্ন? আপনার অ্যাকাউন্ট ম্যানেজারকে লিখুন।</p>",
    },
  },
];
