import type { Localized } from "../messages";
import { type AccountRef, applyMovement, MAIN_WALLET } from "../ledger";
import { businessPeriod } from "../services/periods";
import { titleMemo } from "../services/bonuses";
import type { Db, Sql } from "./db";
import { runSeedStep } from "./seed-step";
import { seededRandom as prng } from "../play/random";

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
  {
    code: "DAILY_RAFFLE",
    title: {
      EN: "Daily Lucky Draw",
      BN: "দৈনিক লাকি ড্র",
      CN: "每日幸运抽奖",
      ID: "Undian Harian",
      JA: "デイリーラッキー抽選",
      KO: "매일 행운 추첨",
      TH: "ลุ้นโชครายวัน",
      UR: "روزانہ لکی ڈرا",
      VI: "Quay thưởng may mắn mỗi ngày",
    },
    description: {
      EN: "Draw once a day and win up to 88.",
      BN: "দিনে একবার ড্র করুন এবং ৮৮ পর্যন্ত জিতুন।",
      CN: "每天可抽奖一次，最高赢取88。",
      ID: "Ikuti undian sekali sehari dan menangkan hingga 88.",
      JA: "1日1回抽選して、最大88が当たります。",
      KO: "하루 한 번 추첨하고 최대 88을 받아 가세요.",
      TH: "ลุ้นได้วันละครั้ง รับรางวัลสูงสุด 88",
      UR: "روزانہ ایک بار ڈرا میں حصہ لیں اور 88 تک جیتیں۔",
      VI: "Quay mỗi ngày một lần, thắng đến 88.",
    },
    category: "DAILY",
    flow: "raffle",
    bonus: 0,
    startsIn: -60,
    endsIn: null,
  },
  {
    code: "WELCOME_BONUS",
    title: {
      EN: "Welcome Bonus",
      BN: "স্বাগতম বোনাস",
      CN: "迎新彩金",
      ID: "Bonus Sambutan",
      JA: "ウェルカムボーナス",
      KO: "웰컴 보너스",
      TH: "โบนัสต้อนรับ",
      UR: "ویلکم بونس",
      VI: "Thưởng chào mừng",
    },
    description: {
      EN: "A bonus for new members.",
      BN: "নতুন সদস্যদের জন্য একটি বোনাস।",
      CN: "新会员专享彩金。",
      ID: "Bonus untuk member baru.",
      JA: "新規会員向けのボーナスです。",
      KO: "신규 회원을 위한 보너스예요.",
      TH: "โบนัสสำหรับสมาชิกใหม่",
      UR: "نئے ممبرز کے لیے بونس۔",
      VI: "Tiền thưởng dành cho hội viên mới.",
    },
    category: "NEW_MEMBER",
    flow: "claim",
    bonus: 50_00,
    startsIn: -90,
    endsIn: null,
    memberStatus: "CLAIMED",
  },
  {
    code: "WEEKLY_RELOAD",
    title: {
      EN: "Weekly Reload 20",
      BN: "সাপ্তাহিক রিলোড ২০",
      CN: "每周续存彩金20",
      ID: "Reload Mingguan 20",
      JA: "毎週リロードボーナス20",
      KO: "주간 리로드 보너스 20",
      TH: "โบนัสรีโหลดรายสัปดาห์ 20",
      UR: "ہفتہ وار ری لوڈ بونس 20",
      VI: "Thưởng nạp lại hằng tuần 20",
    },
    description: {
      EN: "Claim 20 every week.",
      BN: "প্রতি সপ্তাহে ২০ দাবি করুন।",
      CN: "每周可领取20。",
      ID: "Klaim 20 setiap minggu.",
      JA: "毎週20を受け取れます。",
      KO: "매주 20을 받을 수 있어요.",
      TH: "รับ 20 ทุกสัปดาห์",
      UR: "ہر ہفتے 20 حاصل کریں۔",
      VI: "Nhận 20 mỗi tuần.",
    },
    category: "DAILY",
    flow: "claim",
    bonus: 20_00,
    startsIn: -10,
    endsIn: 20,
  },
  {
    code: "VIP_GIFT",
    title: {
      EN: "VIP Birthday Gift",
      BN: "ভিআইপি জন্মদিনের উপহার",
      CN: "VIP生日礼金",
      ID: "Hadiah Ulang Tahun VIP",
      JA: "VIP誕生日ギフト",
      KO: "VIP 생일 선물",
      TH: "ของขวัญวันเกิด VIP",
      UR: "VIP سالگرہ کا تحفہ",
      VI: "Quà sinh nhật VIP",
    },
    description: {
      EN: "Issued by the VIP team.",
      BN: "ভিআইপি টিম দ্বারা প্রদত্ত।",
      CN: "由VIP团队发放。",
      ID: "Diberikan oleh tim VIP.",
      JA: "VIPチームから付与されます。",
      KO: "VIP 팀에서 지급해요.",
      TH: "มอบให้โดยทีม VIP",
      UR: "VIP ٹیم کی طرف سے دیا جاتا ہے۔",
      VI: "Do đội ngũ VIP trao tặng.",
    },
    category: "VIP",
    flow: "join",
    bonus: 88_00,
    startsIn: -30,
    endsIn: 30,
    memberStatus: "ISSUED",
  },
  {
    code: "SLOT_TOURNAMENT",
    title: {
      EN: "Slots Tournament",
      BN: "স্লট টুর্নামেন্ট",
      CN: "电子游戏锦标赛",
      ID: "Turnamen Slot",
      JA: "スロットトーナメント",
      KO: "슬롯 토너먼트",
      TH: "ทัวร์นาเมนต์สล็อต",
      UR: "سلاٹس ٹورنامنٹ",
      VI: "Giải đấu nổ hũ",
    },
    description: {
      EN: "Join and climb the slots leaderboard.",
      BN: "যোগ দিন এবং স্লট লিডারবোর্ডে উঠুন।",
      CN: "立即参加，冲上电子游戏排行榜。",
      ID: "Ikuti dan naik ke puncak papan peringkat slot.",
      JA: "参加してスロットランキングの上位を目指しましょう。",
      KO: "참여하고 슬롯 랭킹 상위권에 도전해 보세요.",
      TH: "เข้าร่วมแล้วไต่อันดับผู้นำสล็อต",
      UR: "شامل ہوں اور سلاٹس لیڈر بورڈ میں اوپر جائیں۔",
      VI: "Tham gia và leo lên bảng xếp hạng nổ hũ.",
    },
    category: "SLOTS",
    flow: "join",
    bonus: 100_00,
    startsIn: -5,
    endsIn: 25,
  },
  {
    code: "LIVE_CASHBACK",
    title: {
      EN: "Live Casino Weekend",
      BN: "লাইভ ক্যাসিনো উইকেন্ড",
      CN: "真人视讯周末活动",
      ID: "Akhir Pekan Live Casino",
      JA: "ライブカジノ・ウィークエンド",
      KO: "라이브 카지노 주말 이벤트",
      TH: "คาสิโนสดสุดสัปดาห์",
      UR: "لائیو کیسینو ویک اینڈ",
      VI: "Cuối tuần casino trực tuyến",
    },
    description: {
      EN: "Extra rewards on live tables.",
      BN: "লাইভ টেবিলে অতিরিক্ত পুরস্কার।",
      CN: "真人桌台享额外奖励。",
      ID: "Hadiah ekstra di meja live.",
      JA: "ライブテーブルで追加リワードがもらえます。",
      KO: "라이브 테이블에서 추가 보상을 드려요.",
      TH: "รับรางวัลพิเศษเพิ่มที่โต๊ะคาสิโนสด",
      UR: "لائیو ٹیبلز پر اضافی انعامات۔",
      VI: "Thưởng thêm tại các bàn casino trực tuyến.",
    },
    category: "LIVE",
    flow: "join",
    bonus: 30_00,
    startsIn: -3,
    endsIn: 4,
    memberStatus: "JOINED",
  },
  {
    code: "DEPOSIT_MATCH",
    title: {
      EN: "First Deposit Match",
      BN: "প্রথম জমা ম্যাচ",
      CN: "首存加赠",
      ID: "Bonus Deposit Pertama",
      JA: "初回入金マッチボーナス",
      KO: "첫 입금 매치 보너스",
      TH: "โบนัสฝากแรก",
      UR: "پہلے ڈپازٹ پر میچ بونس",
      VI: "Thưởng nạp đầu",
    },
    description: {
      EN: "Reviewed by our team after you apply.",
      BN: "আবেদনের পর আমাদের টিম পর্যালোচনা করে।",
      CN: "提交申请后，由我们的团队审核。",
      ID: "Ditinjau oleh tim kami setelah Anda mengajukan.",
      JA: "申請後、スタッフが審査します。",
      KO: "신청하면 담당 팀이 검토해요.",
      TH: "ทีมงานจะตรวจสอบหลังจากคุณสมัคร",
      UR: "درخواست دینے کے بعد ہماری ٹیم اس کا جائزہ لیتی ہے۔",
      VI: "Đội ngũ của chúng tôi sẽ xét duyệt sau khi bạn đăng ký.",
    },
    category: "DEPOSIT",
    flow: "join",
    needsReview: true,
    bonus: 200_00,
    startsIn: -20,
    endsIn: 40,
    memberStatus: "APPLYING",
  },
  {
    code: "CRICKET_SPECIAL",
    title: {
      EN: "Cricket Special",
      BN: "ক্রিকেট স্পেশাল",
      CN: "板球特惠",
      ID: "Spesial Kriket",
      JA: "クリケットスペシャル",
      KO: "크리켓 스페셜",
      TH: "โปรพิเศษคริกเก็ต",
      UR: "کرکٹ اسپیشل",
      VI: "Ưu đãi cricket",
    },
    description: {
      EN: "For cricket bettors.",
      BN: "ক্রিকেট বাজিকরদের জন্য।",
      CN: "板球投注玩家专享。",
      ID: "Khusus pemain taruhan kriket.",
      JA: "クリケットにベットする方向けです。",
      KO: "크리켓 베팅 회원 전용이에요.",
      TH: "สำหรับสายแทงคริกเก็ต",
      UR: "کرکٹ پر بیٹ لگانے والوں کے لیے۔",
      VI: "Dành cho người chơi cá cược cricket.",
    },
    category: "SPORTS",
    flow: "join",
    needsReview: true,
    bonus: 40_00,
    startsIn: -15,
    endsIn: 15,
    memberStatus: "REJECTED",
  },
  {
    code: "TURNOVER_CHALLENGE",
    title: {
      EN: "Turnover Challenge",
      BN: "টার্নওভার চ্যালেঞ্জ",
      CN: "流水挑战",
      ID: "Tantangan Turnover",
      JA: "ベット総額チャレンジ",
      KO: "롤링 챌린지",
      TH: "ชาเลนจ์ยอดเทิร์นโอเวอร์",
      UR: "ٹرن اوور چیلنج",
      VI: "Thử thách doanh thu cược",
    },
    description: {
      EN: "Reach the turnover to unlock the bonus.",
      BN: "বোনাস আনলক করতে টার্নওভারে পৌঁছান।",
      CN: "流水达标即可解锁彩金。",
      ID: "Capai turnover untuk membuka bonus.",
      JA: "ベット総額を達成するとボーナスが解除されます。",
      KO: "롤링을 달성하면 보너스가 열려요.",
      TH: "ทำยอดเทิร์นให้ถึงเพื่อปลดล็อกโบนัส",
      UR: "بونس اَن لاک کرنے کے لیے ٹرن اوور پورا کریں۔",
      VI: "Đạt doanh thu cược để mở khóa tiền thưởng.",
    },
    category: "EVENTS",
    flow: "join",
    bonus: 60_00,
    startsIn: -7,
    endsIn: 21,
    memberStatus: "PROCESS",
  },
  {
    code: "DAILY_CHECKIN",
    title: {
      EN: "Daily Check-in",
      BN: "দৈনিক চেক-ইন",
      CN: "每日签到",
      ID: "Check-in Harian",
      JA: "デイリーチェックイン",
      KO: "매일 출석 체크",
      TH: "เช็กอินรายวัน",
      UR: "روزانہ چیک اِن",
      VI: "Điểm danh hằng ngày",
    },
    description: {
      EN: "Sign in every day.",
      BN: "প্রতিদিন সাইন ইন করুন।",
      CN: "每天都来签到吧。",
      ID: "Check-in setiap hari.",
      JA: "毎日チェックインしましょう。",
      KO: "매일 출석 체크해 주세요.",
      TH: "เช็กอินทุกวัน",
      UR: "روزانہ چیک اِن کریں۔",
      VI: "Điểm danh mỗi ngày.",
    },
    category: "DAILY",
    flow: "sign",
    bonus: 2_00,
    startsIn: -30,
    endsIn: null,
    memberStatus: "SIGNED",
  },
  {
    code: "SUMMER_FEST",
    title: {
      EN: "Summer Festival",
      BN: "গ্রীষ্ম উৎসব",
      CN: "夏日嘉年华",
      ID: "Festival Musim Panas",
      JA: "サマーフェスティバル",
      KO: "여름 페스티벌",
      TH: "เทศกาลหน้าร้อน",
      UR: "سمر فیسٹیول",
      VI: "Lễ hội mùa hè",
    },
    description: {
      EN: "This promotion has ended.",
      BN: "এই প্রোমোশনটি শেষ হয়েছে।",
      CN: "本活动已结束。",
      ID: "Promosi ini sudah berakhir.",
      JA: "このプロモーションは終了しました。",
      KO: "종료된 이벤트예요.",
      TH: "โปรโมชั่นนี้สิ้นสุดแล้ว",
      UR: "اس پروموشن کی مدت ختم ہو چکی ہے۔",
      VI: "Khuyến mãi này đã kết thúc.",
    },
    category: "EVENTS",
    flow: "join",
    bonus: 25_00,
    startsIn: -120,
    endsIn: -60,
  },
  {
    code: "NEW_YEAR",
    title: {
      EN: "New Year Bonanza",
      BN: "নববর্ষ বোনানজা",
      CN: "新年大狂欢",
      ID: "Bonanza Tahun Baru",
      JA: "ニューイヤー・ボナンザ",
      KO: "새해 보너스 대잔치",
      TH: "ปีใหม่แจกหนัก",
      UR: "نئے سال کا بونانزا",
      VI: "Đại tiệc năm mới",
    },
    description: {
      EN: "Starting soon.",
      BN: "শীঘ্রই শুরু হচ্ছে।",
      CN: "即将开始。",
      ID: "Segera dimulai.",
      JA: "まもなく開始します。",
      KO: "곧 시작해요.",
      TH: "เร็วๆ นี้",
      UR: "آغاز جلد ہوگا۔",
      VI: "Sắp diễn ra.",
    },
    category: "EVENTS",
    flow: "join",
    bonus: 150_00,
    startsIn: 20,
    endsIn: 50,
  },
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

const ANY_GAME_COUNTS = {
  EN: "Any game counts.",
  BN: "যেকোনো গেম গণ্য হবে।",
  CN: "所有游戏均计入。",
  ID: "Semua game dihitung.",
  JA: "どのゲームでも対象です。",
  KO: "모든 게임이 포함돼요.",
  TH: "นับทุกเกม",
  UR: "ہر گیم شمار ہوتی ہے۔",
  VI: "Mọi game đều được tính.",
};

export const missionSeeds: MissionSeed[] = [
  {
    code: "DAILY_3_BETS",
    title: {
      EN: "Place 3 bets today",
      BN: "আজ ৩টি বাজি ধরুন",
      CN: "今日投注3笔",
      ID: "Pasang 3 taruhan hari ini",
      JA: "今日3回ベットする",
      KO: "오늘 3건 베팅하기",
      TH: "วันนี้เดิมพันให้ครบ 3 รายการ",
      UR: "آج 3 بیٹس لگائیں",
      VI: "Đặt 3 lượt cược hôm nay",
    },
    description: ANY_GAME_COUNTS,
    metric: "BET_COUNT",
    gameType: null,
    period: "DAILY",
    target: 3,
    reward: 5_00,
  },
  {
    code: "DAILY_20_BETS",
    title: {
      EN: "Place 20 bets today",
      BN: "আজ ২০টি বাজি ধরুন",
      CN: "今日投注20笔",
      ID: "Pasang 20 taruhan hari ini",
      JA: "今日20回ベットする",
      KO: "오늘 20건 베팅하기",
      TH: "วันนี้เดิมพันให้ครบ 20 รายการ",
      UR: "آج 20 بیٹس لگائیں",
      VI: "Đặt 20 lượt cược hôm nay",
    },
    description: ANY_GAME_COUNTS,
    metric: "BET_COUNT",
    gameType: null,
    period: "DAILY",
    target: 20,
    reward: 15_00,
  },
  {
    code: "DAILY_SLOTS_500",
    title: {
      EN: "Slots turnover 500 today",
      BN: "আজ স্লটে ৫০০ টার্নওভার",
      CN: "今日电子游戏流水500",
      ID: "Turnover slot 500 hari ini",
      JA: "今日のスロットベット総額500",
      KO: "오늘 슬롯 롤링 500",
      TH: "วันนี้ทำยอดเทิร์นสล็อต 500",
      UR: "آج سلاٹس میں 500 ٹرن اوور",
      VI: "Doanh thu cược nổ hũ 500 hôm nay",
    },
    description: {
      EN: "Bets on slots count.",
      BN: "স্লটের বাজি গণ্য হবে।",
      CN: "电子游戏投注计入。",
      ID: "Taruhan slot dihitung.",
      JA: "スロットのベットが対象です。",
      KO: "슬롯 베팅이 포함돼요.",
      TH: "นับยอดเดิมพันสล็อต",
      UR: "سلاٹس پر لگی بیٹس شمار ہوتی ہیں۔",
      VI: "Tính các lượt cược nổ hũ.",
    },
    metric: "TURNOVER",
    gameType: "RNG",
    period: "DAILY",
    target: 500_00,
    reward: 10_00,
  },
  {
    code: "MONTHLY_TURNOVER",
    title: {
      EN: "Turnover 5,000 this month",
      BN: "এই মাসে ৫,০০০ টার্নওভার",
      CN: "本月流水5,000",
      ID: "Turnover 5.000 bulan ini",
      JA: "今月のベット総額5,000",
      KO: "이번 달 롤링 5,000",
      TH: "เดือนนี้ทำยอดเทิร์น 5,000",
      UR: "اس ماہ 5,000 ٹرن اوور",
      VI: "Doanh thu cược 5.000 tháng này",
    },
    description: {
      EN: "All real bets count.",
      BN: "সব আসল বাজি গণ্য হবে।",
      CN: "所有真钱投注均计入。",
      ID: "Semua taruhan uang asli dihitung.",
      JA: "リアルマネーのベットはすべて対象です。",
      KO: "실제 머니 베팅은 모두 포함돼요.",
      TH: "นับทุกการเดิมพันด้วยเงินจริง",
      UR: "اصل رقم سے لگی تمام بیٹس شمار ہوتی ہیں۔",
      VI: "Mọi lượt cược bằng tiền thật đều được tính.",
    },
    metric: "TURNOVER",
    gameType: null,
    period: "MONTHLY",
    target: 5_000_00,
    reward: 50_00,
  },
  {
    code: "MONTHLY_DEPOSIT",
    title: {
      EN: "Deposit 1,000 this month",
      BN: "এই মাসে ১,০০০ জমা দিন",
      CN: "本月存款1,000",
      ID: "Deposit 1.000 bulan ini",
      JA: "今月1,000入金する",
      KO: "이번 달 1,000 입금하기",
      TH: "เดือนนี้ฝากเงินครบ 1,000",
      UR: "اس ماہ 1,000 ڈپازٹ کریں",
      VI: "Nạp 1.000 trong tháng này",
    },
    description: {
      EN: "Credited deposits count.",
      BN: "জমা হওয়া ডিপোজিট গণ্য হবে।",
      CN: "已到账的存款计入。",
      ID: "Deposit yang sudah masuk dihitung.",
      JA: "反映済みの入金が対象です。",
      KO: "입금 완료된 금액이 포함돼요.",
      TH: "นับยอดฝากที่เข้าแล้ว",
      UR: "جمع شدہ ڈپازٹ شمار ہوتے ہیں۔",
      VI: "Tính các lệnh nạp đã được cộng tiền.",
    },
    metric: "DEPOSIT",
    gameType: null,
    period: "MONTHLY",
    target: 1_000_00,
    reward: 20_00,
  },
];

/** Seed step 006_records for a merchant that exists, once. */
export async function seedRecords(db: Db, merchant: string, now: Date = new Date()): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    STEP,
    () => undefined,
    async (sql) => {
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
          [
            merchant,
            m.code,
            JSON.stringify(m.title),
            JSON.stringify(m.description),
            m.metric,
            m.gameType,
            m.period,
            m.target,
            m.reward,
            index,
          ],
        );
      }

      const [member] = await sql.query<{ id: number }>("SELECT id FROM members WHERE merchant = $1 AND username = 'demo_member'", [
        merchant,
      ]);
      if (member) await seedMemberHistory(sql, merchant, member.id, promotionIds, now);
    },
  );
}

interface PlannedBet {
  at: Date;
  gameId: number;
  gameType: string;
  stake: number;
  win: number;
}

async function seedMemberHistory(
  sql: Sql,
  merchant: string,
  memberId: number,
  promotionIds: Map<string, number>,
  now: Date,
): Promise<void> {
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
    const at = new Date(
      now.getTime() - 30 * DAY + Math.floor(((today - (now.getTime() - 30 * DAY)) * i) / 52) + Math.floor(random() * 3_600_000),
    );
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
          memo: titleMemo({
            EN: "Cashback",
            BN: "ক্যাশব্যাক",
            CN: "返水",
            ID: "Cashback",
            JA: "キャッシュバック",
            KO: "캐시백",
            TH: "แคชแบ็ก",
            UR: "کیش بیک",
            VI: "Hoàn trả",
          }),
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
    await sql.query("INSERT INTO member_promotions (member_id, promotion_id, status, updated_at) VALUES ($1, $2, $3, $4)", [
      memberId,
      id,
      p.memberStatus,
      now,
    ]);
  }
}
