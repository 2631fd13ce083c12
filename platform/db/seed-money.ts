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
  {
    code: "BKASH",
    name: { EN: "bKash", BN: "বিকাশ", CN: "bKash", ID: "bKash", JA: "bKash", KO: "bKash", TH: "bKash", UR: "bKash", VI: "bKash" },
  },
  {
    code: "NAGAD",
    name: { EN: "Nagad", BN: "নগদ", CN: "Nagad", ID: "Nagad", JA: "Nagad", KO: "Nagad", TH: "Nagad", UR: "Nagad", VI: "Nagad" },
  },
  {
    code: "ROCKET",
    name: { EN: "Rocket", BN: "রকেট", CN: "Rocket", ID: "Rocket", JA: "Rocket", KO: "Rocket", TH: "Rocket", UR: "Rocket", VI: "Rocket" },
  },
  {
    code: "MT",
    name: {
      EN: "Bank transfer",
      BN: "ব্যাংক ট্রান্সফার",
      CN: "银行转账",
      ID: "Transfer bank",
      JA: "銀行振込",
      KO: "계좌이체",
      TH: "โอนผ่านธนาคาร",
      UR: "بینک ٹرانسفر",
      VI: "Chuyển khoản ngân hàng",
    },
  },
  {
    code: "USDT",
    name: {
      EN: "USDT (TRC20)",
      BN: "USDT (TRC20)",
      CN: "USDT (TRC20)",
      ID: "USDT (TRC20)",
      JA: "USDT (TRC20)",
      KO: "USDT (TRC20)",
      TH: "USDT (TRC20)",
      UR: "USDT (TRC20)",
      VI: "USDT (TRC20)",
    },
  },
];

const sendMoney = (wallet: string): Localized => ({
  EN: `Send the amount with "Send Money" from your ${wallet} app to the number shown, then enter the transaction ID (TrxID) from the confirmation.`,
  BN: `আপনার ${wallet} অ্যাপ থেকে "সেন্ড মানি" দিয়ে দেখানো নম্বরে পরিমাণটি পাঠান, তারপর নিশ্চিতকরণ থেকে ট্রানজেকশন আইডি (TrxID) লিখুন।`,
  CN: `请在${wallet} App中通过“Send Money”将金额转到页面显示的号码，然后填写确认信息中的交易单号（TrxID）。`,
  ID: `Kirim jumlahnya lewat "Send Money" di aplikasi ${wallet} Anda ke nomor yang ditampilkan, lalu masukkan ID transaksi (TrxID) dari pesan konfirmasi.`,
  JA: `${wallet}アプリの「Send Money」で、表示された番号に金額を送金してから、確認画面の取引ID（TrxID）を入力してください。`,
  KO: `${wallet} 앱의 'Send Money'로 표시된 번호에 금액을 보낸 다음, 확인 메시지에 있는 거래 ID(TrxID)를 입력해 주세요.`,
  TH: `โอนยอดเงินผ่านเมนู "Send Money" ในแอป ${wallet} ไปยังหมายเลขที่แสดง แล้วกรอกรหัสธุรกรรม (TrxID) จากข้อความยืนยัน`,
  UR: `اپنی ${wallet} ایپ سے "Send Money" کے ذریعے رقم دکھائے گئے نمبر پر بھیجیں، پھر کنفرمیشن میں موجود ٹرانزیکشن آئی ڈی (TrxID) درج کریں۔`,
  VI: `Chuyển số tiền qua "Send Money" trong app ${wallet} tới số điện thoại hiển thị, sau đó nhập mã giao dịch (TrxID) trong tin nhắn xác nhận.`,
});

const channels: ChannelSeed[] = [
  {
    method: "BKASH",
    name: {
      EN: "bKash Personal",
      BN: "বিকাশ পার্সোনাল",
      CN: "bKash个人",
      ID: "bKash Personal",
      JA: "bKash個人",
      KO: "bKash 개인",
      TH: "bKash ส่วนตัว",
      UR: "bKash پرسنل",
      VI: "bKash Cá nhân",
    },
    submitType: "TRANSACTION_ID",
    min: 200,
    max: 25_000,
    fixed: [500, 1000, 2000, 5000, 10000],
    allowCustom: true,
    accountName: "Demo Merchant",
    accountNumber: "01700000001",
    instructions: sendMoney("bKash"),
  },
  {
    method: "BKASH",
    name: {
      EN: "bKash Agent",
      BN: "বিকাশ এজেন্ট",
      CN: "bKash代理",
      ID: "bKash Agen",
      JA: "bKashエージェント",
      KO: "bKash 에이전트",
      TH: "bKash เอเย่นต์",
      UR: "bKash ایجنٹ",
      VI: "bKash Đại lý",
    },
    submitType: "TRANSACTION_ID",
    min: 500,
    max: 10_000,
    fixed: [500, 1000, 2000, 5000],
    allowCustom: false,
    accountName: "Demo Merchant",
    accountNumber: "01700000002",
    instructions: sendMoney("bKash"),
  },
  {
    method: "NAGAD",
    name: {
      EN: "Nagad Personal",
      BN: "নগদ পার্সোনাল",
      CN: "Nagad个人",
      ID: "Nagad Personal",
      JA: "Nagad個人",
      KO: "Nagad 개인",
      TH: "Nagad ส่วนตัว",
      UR: "Nagad پرسنل",
      VI: "Nagad Cá nhân",
    },
    submitType: "TRANSACTION_ID",
    min: 200,
    max: 25_000,
    fixed: [500, 1000, 2000, 5000, 10000],
    allowCustom: true,
    accountName: "Demo Merchant",
    accountNumber: "01800000001",
    instructions: sendMoney("Nagad"),
  },
  {
    method: "ROCKET",
    name: {
      EN: "Rocket Personal",
      BN: "রকেট পার্সোনাল",
      CN: "Rocket个人",
      ID: "Rocket Personal",
      JA: "Rocket個人",
      KO: "Rocket 개인",
      TH: "Rocket ส่วนตัว",
      UR: "Rocket پرسنل",
      VI: "Rocket Cá nhân",
    },
    submitType: "TRANSACTION_ID",
    min: 200,
    max: 20_000,
    fixed: [500, 1000, 2000, 5000],
    allowCustom: true,
    accountName: "Demo Merchant",
    accountNumber: "019000000011",
    instructions: sendMoney("Rocket"),
  },
  {
    method: "MT",
    name: {
      EN: "Dutch-Bangla Bank transfer",
      BN: "ডাচ-বাংলা ব্যাংক ট্রান্সফার",
      CN: "Dutch-Bangla Bank转账",
      ID: "Transfer Dutch-Bangla Bank",
      JA: "Dutch-Bangla Bank振込",
      KO: "Dutch-Bangla Bank 계좌이체",
      TH: "โอนผ่าน Dutch-Bangla Bank",
      UR: "Dutch-Bangla Bank ٹرانسفر",
      VI: "Chuyển khoản Dutch-Bangla Bank",
    },
    submitType: "TRANSACTION_ID",
    min: 1000,
    max: 100_000,
    fixed: [1000, 5000, 10000, 25000],
    allowCustom: true,
    accountName: "Demo Merchant Ltd",
    accountNumber: "1051100012345",
    instructions: {
      EN: "Transfer to the account shown, then enter the bank's reference number.",
      BN: "দেখানো অ্যাকাউন্টে ট্রান্সফার করুন, তারপর ব্যাংকের রেফারেন্স নম্বর লিখুন।",
      CN: "请转账到页面显示的账户，然后填写银行交易单号。",
      ID: "Transfer ke rekening yang ditampilkan, lalu masukkan nomor referensi dari bank.",
      JA: "表示された口座に振り込んでから、銀行の取引番号を入力してください。",
      KO: "표시된 계좌로 이체한 다음, 은행 참조번호를 입력해 주세요.",
      TH: "โอนเงินเข้าบัญชีที่แสดง แล้วกรอกเลขที่อ้างอิงจากธนาคาร",
      UR: "دکھائے گئے اکاؤنٹ میں ٹرانسفر کریں، پھر بینک کا ریفرنس نمبر درج کریں۔",
      VI: "Chuyển khoản tới tài khoản hiển thị, sau đó nhập mã giao dịch của ngân hàng.",
    },
  },
  {
    method: "USDT",
    name: {
      EN: "USDT gateway",
      BN: "USDT গেটওয়ে",
      CN: "USDT支付通道",
      ID: "Gateway USDT",
      JA: "USDTゲートウェイ",
      KO: "USDT 게이트웨이",
      TH: "เกตเวย์ USDT",
      UR: "USDT گیٹ وے",
      VI: "Cổng USDT",
    },
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
      CN: "申请已记录，等待支付服务商确认。",
      ID: "Permintaan sudah dicatat dan menunggu konfirmasi dari penyedia pembayaran.",
      JA: "申請を受け付けました。決済プロバイダーの確認をお待ちください。",
      KO: "신청이 접수됐어요. 결제사의 확인을 기다리고 있어요.",
      TH: "บันทึกรายการแล้ว รอการยืนยันจากผู้ให้บริการชำระเงิน",
      UR: "درخواست درج ہو گئی ہے اور پیمنٹ پرووائیڈر کی تصدیق کا انتظار ہے۔",
      VI: "Yêu cầu đã được ghi nhận và đang chờ nhà cung cấp thanh toán xác nhận.",
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
    title: {
      EN: "Welcome!",
      BN: "স্বাগতম!",
      CN: "欢迎！",
      ID: "Selamat datang!",
      JA: "ようこそ！",
      KO: "환영해요!",
      TH: "ยินดีต้อนรับ!",
      UR: "خوش آمدید!",
      VI: "Chào mừng bạn!",
    },
    content: {
      EN: "Welcome to the site. Your member centre holds your wallet, deposits, withdrawals and records.",
      BN: "সাইটে স্বাগতম। আপনার মেম্বার সেন্টারে ওয়ালেট, ডিপোজিট, উত্তোলন এবং রেকর্ড রয়েছে।",
      CN: "欢迎光临本站。您的钱包、存款、取款及各类记录都在会员中心。",
      ID: "Selamat datang di situs kami. Dompet, deposit, penarikan, dan riwayat Anda ada di pusat member.",
      JA: "ようこそ。ウォレット、入金、出金、各種履歴は会員センターで確認できます。",
      KO: "환영해요. 지갑, 입금, 출금, 내역은 모두 마이페이지에서 확인할 수 있어요.",
      TH: "ยินดีต้อนรับสู่เว็บไซต์ กระเป๋าเงิน รายการฝาก ถอน และประวัติทั้งหมดอยู่ในศูนย์สมาชิก",
      UR: "سائٹ پر خوش آمدید۔ آپ کا والیٹ، ڈپازٹ، وِدڈرا اور ریکارڈ آپ کے ممبر سینٹر میں موجود ہیں۔",
      VI: "Chào mừng bạn đến với trang. Ví, lệnh nạp, lệnh rút và lịch sử của bạn đều nằm trong trung tâm hội viên.",
    },
    read: true,
    at: "2026-01-01T09:00:00Z",
  },
  {
    title: {
      EN: "Set your withdrawal password",
      BN: "আপনার উত্তোলনের পাসওয়ার্ড সেট করুন",
      CN: "设置取款密码",
      ID: "Buat kata sandi penarikan",
      JA: "出金パスワードを設定してください",
      KO: "출금 비밀번호를 설정해 주세요",
      TH: "ตั้งรหัสถอนเงิน",
      UR: "اپنا وِدڈرا پاس ورڈ سیٹ کریں",
      VI: "Đặt mật khẩu rút tiền",
    },
    content: {
      EN: "Before your first withdrawal, set a withdrawal password and bind a bank account or e-wallet.",
      BN: "প্রথম উত্তোলনের আগে একটি উত্তোলনের পাসওয়ার্ড সেট করুন এবং একটি ব্যাংক অ্যাকাউন্ট বা ই-ওয়ালেট যুক্ত করুন।",
      CN: "首次取款前，请先设置取款密码，并绑定银行卡或电子钱包。",
      ID: "Sebelum penarikan pertama, buat kata sandi penarikan dan tautkan rekening bank atau e-wallet.",
      JA: "初めて出金する前に、出金パスワードを設定し、銀行口座または電子ウォレットを登録してください。",
      KO: "첫 출금 전에 출금 비밀번호를 설정하고 은행 계좌나 전자지갑을 등록해 주세요.",
      TH: "ก่อนถอนเงินครั้งแรก กรุณาตั้งรหัสถอนเงินและผูกบัญชีธนาคารหรืออีวอลเล็ท",
      UR: "پہلی بار وِدڈرا سے پہلے وِدڈرا پاس ورڈ سیٹ کریں اور بینک اکاؤنٹ یا ای والیٹ لنک کریں۔",
      VI: "Trước khi rút tiền lần đầu, hãy đặt mật khẩu rút tiền và liên kết tài khoản ngân hàng hoặc ví điện tử.",
    },
    read: false,
    at: "2026-01-01T09:01:00Z",
  },
  {
    title: {
      EN: "Play responsibly",
      BN: "দায়িত্বের সাথে খেলুন",
      CN: "理性投注",
      ID: "Bermain dengan bertanggung jawab",
      JA: "節度を持って楽しみましょう",
      KO: "책임감 있게 즐겨 주세요",
      TH: "เล่นอย่างรับผิดชอบ",
      UR: "ذمہ داری سے کھیلیں",
      VI: "Chơi có trách nhiệm",
    },
    content: {
      EN: "You can set deposit, loss and session limits in your account at any time.",
      BN: "আপনি যেকোনো সময় আপনার অ্যাকাউন্টে ডিপোজিট, লস এবং সেশন সীমা সেট করতে পারেন।",
      CN: "您可随时在账户中设置存款限额、亏损限额和游戏时长限额。",
      ID: "Anda bisa mengatur batas deposit, batas kekalahan, dan batas waktu bermain di akun Anda kapan saja.",
      JA: "入金上限・損失上限・プレイ時間上限は、アカウントからいつでも設定できます。",
      KO: "입금 한도, 손실 한도, 이용 시간 한도는 계정에서 언제든 설정할 수 있어요.",
      TH: "คุณตั้งขีดจำกัดการฝาก ขีดจำกัดการขาดทุน และขีดจำกัดเวลาเล่นในบัญชีได้ทุกเมื่อ",
      UR: "آپ کسی بھی وقت اپنے اکاؤنٹ میں ڈپازٹ، نقصان اور سیشن ٹائم کی حدیں سیٹ کر سکتے ہیں۔",
      VI: "Bạn có thể đặt hạn mức nạp, hạn mức thua và hạn mức thời gian chơi trong tài khoản bất cứ lúc nào.",
    },
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
  return runSeedStep(
    db,
    merchant,
    STEP,
    () => undefined,
    async (sql) => {
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
        await sql.query(
          "INSERT INTO banks (merchant, bank_code, name, card_type, sort) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
          [merchant, b.code, b.name, b.cardType, sort],
        );
      }
      const [member] = await sql.query<{ id: number }>("SELECT id FROM members WHERE merchant = $1 AND lower(username) = 'demo_member'", [
        merchant,
      ]);
      if (member) {
        for (const w of welcome) {
          await sql.query(
            "INSERT INTO member_messages (merchant, member_id, kind, title, content, created_at, read_at) VALUES ($1, $2, 'WELCOME', $3, $4, $5, $6)",
            [merchant, member.id, JSON.stringify(w.title), JSON.stringify(w.content), w.at, w.read ? w.at : null],
          );
        }
      }
    },
  );
}
