import type { Localized } from "../messages";

// The demo data, as plain values: seed.ts writes them. Everything is fixed so that two fresh
// databases look the same (only password salts and the RSA key differ).

export interface AnnouncementSeed {
  kind: "banner" | "marquee" | "popup" | "promotion";
  groupName?: string;
  title: Localized;
  content?: Localized;
  linkageType?: number;
  redirect?: string;
  externalLink?: string;
  displaySpeed?: number;
  startsAt?: string;
  endsAt?: string;
  publishedAt: string;
}

export const announcementSeeds: AnnouncementSeed[] = [
  // Banners (B): linkageType 0 = no link, 1 = page of the site (redirect), 2 = external link.
  {
    kind: "banner",
    groupName: "w_home",
    title: {
      EN: "Welcome bonus 100% up to ৳10,000",
      BN: "স্বাগতম বোনাস ১০০%, সর্বোচ্চ ৳১০,০০০",
      CN: "迎新彩金100%，最高৳10,000",
      ID: "Bonus sambutan 100% hingga ৳10,000",
      JA: "ウェルカムボーナス100%、最大৳10,000",
      KO: "웰컴 보너스 100%, 최대 ৳10,000",
      TH: "โบนัสต้อนรับ 100% สูงสุด ৳10,000",
      UR: "ویلکم بونس 100%، زیادہ سے زیادہ ৳10,000",
      VI: "Thưởng chào mừng 100%, tối đa ৳10,000",
    },
    linkageType: 1,
    redirect: "/promotions",
    publishedAt: "2025-01-01T00:00:00Z",
  },
  {
    kind: "banner",
    groupName: "w_home",
    title: {
      EN: "Daily cashback up to 1%",
      BN: "প্রতিদিন ১% পর্যন্ত ক্যাশব্যাক",
      CN: "每日返水最高1%",
      ID: "Cashback harian hingga 1%",
      JA: "毎日最大1%キャッシュバック",
      KO: "매일 최대 1% 캐시백",
      TH: "แคชแบ็กรายวันสูงสุด 1%",
      UR: "روزانہ 1% تک کیش بیک",
      VI: "Hoàn trả mỗi ngày lên đến 1%",
    },
    publishedAt: "2025-01-02T00:00:00Z",
  },
  {
    kind: "banner",
    groupName: "w_home",
    title: {
      EN: "Live casino weekend tournament",
      BN: "লাইভ ক্যাসিনো সাপ্তাহিক টুর্নামেন্ট",
      CN: "真人视讯周末锦标赛",
      ID: "Turnamen akhir pekan Live Casino",
      JA: "ライブカジノ週末トーナメント",
      KO: "라이브 카지노 주말 토너먼트",
      TH: "ทัวร์นาเมนต์คาสิโนสดสุดสัปดาห์",
      UR: "لائیو کیسینو ویک اینڈ ٹورنامنٹ",
      VI: "Giải đấu casino trực tuyến cuối tuần",
    },
    linkageType: 2,
    externalLink: "https://example.com/tournament",
    publishedAt: "2025-01-03T00:00:00Z",
  },
  {
    kind: "banner",
    groupName: "w_login",
    title: {
      EN: "Log in and win every day",
      BN: "লগইন করুন, প্রতিদিন জিতুন",
      CN: "每天登录，天天赢",
      ID: "Masuk dan menang setiap hari",
      JA: "ログインして毎日勝利をつかもう",
      KO: "로그인하고 매일 이겨 보세요",
      TH: "เข้าสู่ระบบ ลุ้นชนะทุกวัน",
      UR: "لاگ اِن کریں، روزانہ جیتیں",
      VI: "Đăng nhập và thắng mỗi ngày",
    },
    publishedAt: "2025-01-01T00:00:00Z",
  },
  {
    kind: "banner",
    groupName: "w_register",
    title: {
      EN: "Join today and claim your bonus",
      BN: "আজই যোগ দিন, বোনাস নিন",
      CN: "今日注册，立领彩金",
      ID: "Daftar hari ini dan klaim bonus Anda",
      JA: "今すぐ登録してボーナスを受け取ろう",
      KO: "오늘 가입하고 보너스 받아 가세요",
      TH: "สมัครวันนี้ รับโบนัสเลย",
      UR: "آج ہی شامل ہوں اور اپنا بونس حاصل کریں",
      VI: "Đăng ký hôm nay, nhận ngay tiền thưởng",
    },
    linkageType: 1,
    redirect: "/promotions",
    publishedAt: "2025-01-01T00:00:00Z",
  },
  // Marquee (PL).
  {
    kind: "marquee",
    title: {
      EN: "Welcome",
      BN: "স্বাগতম",
      CN: "欢迎",
      ID: "Selamat datang",
      JA: "ようこそ",
      KO: "환영해요",
      TH: "ยินดีต้อนรับ",
      UR: "خوش آمدید",
      VI: "Chào mừng",
    },
    content: {
      EN: "Welcome! Deposits are credited within 5 minutes.",
      BN: "স্বাগতম! ডিপোজিট ৫ মিনিটের মধ্যে জমা হয়।",
      CN: "欢迎光临！存款5分钟内到账。",
      ID: "Selamat datang! Deposit masuk dalam 5 menit.",
      JA: "ようこそ！入金は5分以内に反映されます。",
      KO: "환영해요! 입금은 5분 안에 반영돼요.",
      TH: "ยินดีต้อนรับ! ฝากเงินเข้าภายใน 5 นาที",
      UR: "خوش آمدید! ڈپازٹ 5 منٹ کے اندر جمع ہو جاتا ہے۔",
      VI: "Chào mừng bạn! Tiền nạp được cộng trong vòng 5 phút.",
    },
    displaySpeed: 3,
    publishedAt: "2025-01-01T00:00:00Z",
  },
  {
    kind: "marquee",
    title: {
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
    content: {
      EN: "New: bet on every international cricket match.",
      BN: "নতুন: প্রতিটি আন্তর্জাতিক ক্রিকেট ম্যাচে বাজি ধরুন।",
      CN: "新上线：所有国际板球赛事均可投注。",
      ID: "Baru: pasang taruhan di setiap pertandingan kriket internasional.",
      JA: "新登場：すべての国際クリケットの試合にベットできます。",
      KO: "신규: 모든 국제 크리켓 경기에 베팅할 수 있어요.",
      TH: "ใหม่! แทงคริกเก็ตได้ทุกแมตช์ระดับนานาชาติ",
      UR: "نیا: ہر انٹرنیشنل کرکٹ میچ پر بیٹ لگائیں۔",
      VI: "Mới: cá cược mọi trận cricket quốc tế.",
    },
    displaySpeed: 3,
    externalLink: "",
    publishedAt: "2025-01-02T00:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "Security",
      BN: "নিরাপত্তা",
      CN: "安全提示",
      ID: "Keamanan",
      JA: "セキュリティ",
      KO: "보안",
      TH: "ความปลอดภัย",
      UR: "سیکیورٹی",
      VI: "Bảo mật",
    },
    content: {
      EN: "Never share your password or verification code with anyone.",
      BN: "আপনার পাসওয়ার্ড বা যাচাইকরণ কোড কারও সাথে শেয়ার করবেন না।",
      CN: "请勿向任何人透露您的密码或验证码。",
      ID: "Jangan pernah berikan kata sandi atau kode verifikasi Anda kepada siapa pun.",
      JA: "パスワードや認証コードは、絶対に他人に教えないでください。",
      KO: "비밀번호나 인증번호는 절대 다른 사람에게 알려 주지 마세요.",
      TH: "ห้ามบอกรหัสผ่านหรือรหัสยืนยันให้ผู้อื่นทราบเด็ดขาด",
      UR: "اپنا پاس ورڈ یا تصدیقی کوڈ کبھی کسی کے ساتھ شیئر نہ کریں۔",
      VI: "Tuyệt đối không chia sẻ mật khẩu hoặc mã xác minh với bất kỳ ai.",
    },
    displaySpeed: 3,
    publishedAt: "2025-01-03T00:00:00Z",
  },
  // Popups (PU): HTML on purpose with a link and a script, which the app must strip.
  {
    kind: "popup",
    title: {
      EN: "System upgrade notice",
      BN: "সিস্টেম আপগ্রেডের নোটিশ",
      CN: "系统升级公告",
      ID: "Info upgrade sistem",
      JA: "システムアップグレードのお知らせ",
      KO: "시스템 업그레이드 안내",
      TH: "ประกาศอัปเกรดระบบ",
      UR: "سسٹم اپ گریڈ کا نوٹس",
      VI: "Thông báo nâng cấp hệ thống",
    },
    content: {
      EN: `<p>The site will be upgraded on <b>Sunday 02:00–04:00</b>. <a href="/help">Read more</a></p><script>alert("popup")</script>`,
      BN: `<p><b>রবিবার ০২:০০–০৪:০০</b> সাইটটি আপগ্রেড করা হবে। <a href="/help">আরও পড়ুন</a></p><script>alert("popup")</script>`,
      CN: `<p>本站将于<b>周日02:00-04:00</b>进行系统升级。<a href="/help">了解详情</a></p><script>alert("popup")</script>`,
      ID: `<p>Situs akan di-upgrade pada <b>hari Minggu pukul 02.00–04.00</b>. <a href="/help">Selengkapnya</a></p><script>alert("popup")</script>`,
      JA: `<p><b>日曜日 02:00～04:00</b>にサイトのアップグレードを実施します。<a href="/help">詳しくはこちら</a></p><script>alert("popup")</script>`,
      KO: `<p><b>일요일 02:00~04:00</b>에 사이트 업그레이드가 진행돼요. <a href="/help">자세히 보기</a></p><script>alert("popup")</script>`,
      TH: `<p>เว็บไซต์จะอัปเกรดระบบในวัน<b>อาทิตย์ เวลา 02:00–04:00 น.</b> <a href="/help">อ่านเพิ่มเติม</a></p><script>alert("popup")</script>`,
      UR: `<p>سائٹ <b>اتوار 02:00–04:00</b> کے دوران اپ گریڈ کی جائے گی۔ <a href="/help">مزید پڑھیں</a></p><script>alert("popup")</script>`,
      VI: `<p>Trang sẽ được nâng cấp vào <b>Chủ nhật 02:00–04:00</b>. <a href="/help">Xem thêm</a></p><script>alert("popup")</script>`,
    },
    publishedAt: "2025-01-05T08:00:00Z",
  },
  {
    kind: "popup",
    title: {
      EN: "Weekend deposit bonus",
      BN: "সপ্তাহান্তের ডিপোজিট বোনাস",
      CN: "周末存款彩金",
      ID: "Bonus deposit akhir pekan",
      JA: "週末入金ボーナス",
      KO: "주말 입금 보너스",
      TH: "โบนัสฝากเงินสุดสัปดาห์",
      UR: "ویک اینڈ ڈپازٹ بونس",
      VI: "Thưởng nạp cuối tuần",
    },
    content: {
      EN: `<p>Deposit this weekend and get <strong>10% extra</strong>. <a href="/promotions" onclick="steal()">See promotions</a></p><script src="https://evil.example/x.js"></script>`,
      BN: `<p>এই সপ্তাহান্তে ডিপোজিট করুন এবং <strong>১০% অতিরিক্ত</strong> পান। <a href="/promotions" onclick="steal()">প্রমোশন দেখুন</a></p><script src="https://evil.example/x.js"></script>`,
      CN: `<p>本周末存款，即可额外获得<strong>10%彩金</strong>。<a href="/promotions" onclick="steal()">查看优惠</a></p><script src="https://evil.example/x.js"></script>`,
      ID: `<p>Deposit akhir pekan ini dan dapatkan <strong>ekstra 10%</strong>. <a href="/promotions" onclick="steal()">Lihat promosi</a></p><script src="https://evil.example/x.js"></script>`,
      JA: `<p>今週末に入金すると<strong>10%上乗せ</strong>されます。<a href="/promotions" onclick="steal()">プロモーションを見る</a></p><script src="https://evil.example/x.js"></script>`,
      KO: `<p>이번 주말에 입금하고 <strong>10% 추가</strong> 보너스를 받아 가세요. <a href="/promotions" onclick="steal()">이벤트 보기</a></p><script src="https://evil.example/x.js"></script>`,
      TH: `<p>ฝากเงินสุดสัปดาห์นี้ รับเพิ่ม <strong>10%</strong> <a href="/promotions" onclick="steal()">ดูโปรโมชั่น</a></p><script src="https://evil.example/x.js"></script>`,
      UR: `<p>اس ویک اینڈ ڈپازٹ کریں اور <strong>10% اضافی</strong> حاصل کریں۔ <a href="/promotions" onclick="steal()">پروموشنز دیکھیں</a></p><script src="https://evil.example/x.js"></script>`,
      VI: `<p>Nạp tiền cuối tuần này, nhận thêm <strong>10%</strong>. <a href="/promotions" onclick="steal()">Xem khuyến mãi</a></p><script src="https://evil.example/x.js"></script>`,
    },
    publishedAt: "2025-01-06T08:00:00Z",
  },
  // Promotions (PR): group_name holds the category.
  {
    kind: "promotion",
    groupName: "NEW_MEMBER",
    title: {
      EN: "First deposit bonus 100%",
      BN: "প্রথম ডিপোজিটে ১০০% বোনাস",
      CN: "首存彩金100%",
      ID: "Bonus deposit pertama 100%",
      JA: "初回入金ボーナス100%",
      KO: "첫 입금 보너스 100%",
      TH: "โบนัสฝากแรก 100%",
      UR: "پہلے ڈپازٹ پر 100% بونس",
      VI: "Thưởng nạp đầu 100%",
    },
    content: {
      EN: "<p>Double your first deposit, up to ৳10,000.</p>",
      BN: "<p>আপনার প্রথম ডিপোজিট দ্বিগুণ করুন, সর্বোচ্চ ৳১০,০০০।</p>",
      CN: "<p>首次存款翻倍，最高৳10,000。</p>",
      ID: "<p>Gandakan deposit pertama Anda, hingga ৳10,000.</p>",
      JA: "<p>初回入金額が2倍に！最大৳10,000。</p>",
      KO: "<p>첫 입금액을 두 배로 드려요. 최대 ৳10,000까지!</p>",
      TH: "<p>ฝากแรกรับโบนัสเท่าตัว สูงสุด ৳10,000</p>",
      UR: "<p>اپنا پہلا ڈپازٹ ڈبل کریں، زیادہ سے زیادہ ৳10,000 تک۔</p>",
      VI: "<p>Nhân đôi lần nạp đầu tiên, tối đa ৳10,000.</p>",
    },
    startsAt: "2025-01-01T00:00:00Z",
    publishedAt: "2025-01-01T00:00:00Z",
  },
  {
    kind: "promotion",
    groupName: "SLOTS",
    title: {
      EN: "Weekly slots cashback 1%",
      BN: "সাপ্তাহিক স্লট ক্যাশব্যাক ১%",
      CN: "电子游戏每周返水1%",
      ID: "Cashback slot mingguan 1%",
      JA: "スロット週間キャッシュバック1%",
      KO: "슬롯 주간 캐시백 1%",
      TH: "แคชแบ็กสล็อตรายสัปดาห์ 1%",
      UR: "ہفتہ وار سلاٹس کیش بیک 1%",
      VI: "Hoàn trả nổ hũ hằng tuần 1%",
    },
    content: {
      EN: "<p>Get 1% of your weekly slots turnover back.</p>",
      BN: "<p>সাপ্তাহিক স্লট টার্নওভারের ১% ফেরত পান।</p>",
      CN: "<p>按每周电子游戏流水的1%返还。</p>",
      ID: "<p>Dapatkan kembali 1% dari turnover slot mingguan Anda.</p>",
      JA: "<p>毎週のスロットのベット総額の1%をキャッシュバックします。</p>",
      KO: "<p>매주 슬롯 롤링의 1%를 돌려드려요.</p>",
      TH: "<p>รับคืน 1% จากยอดเทิร์นโอเวอร์สล็อตรายสัปดาห์</p>",
      UR: "<p>اپنے ہفتہ وار سلاٹس ٹرن اوور کا 1% واپس حاصل کریں۔</p>",
      VI: "<p>Nhận lại 1% doanh thu cược nổ hũ hằng tuần.</p>",
    },
    startsAt: "2025-01-01T00:00:00Z",
    endsAt: "2030-12-31T23:59:59Z",
    publishedAt: "2025-01-02T00:00:00Z",
  },
];

/** Longest matching prefix wins; "::1" and 127.* are answered without this table. */
export const ipCountryPrefixes: [string, string][] = [
  ["10.", "Local network"],
  ["192.168.", "Local network"],
  ["27.147.", "Bangladesh"],
  ["103.4.145.", "Bangladesh"],
  ["114.130.", "Bangladesh"],
  ["49.204.", "India"],
  ["14.160.", "Vietnam"],
  ["112.198.", "Philippines"],
  ["8.8.", "United States"],
];

export const walletTypes: { accountTypeId: number; displayName: Localized }[] = [
  {
    accountTypeId: 2,
    displayName: {
      EN: "Main Wallet",
      BN: "প্রধান ওয়ালেট",
      CN: "中心钱包",
      ID: "Dompet Utama",
      JA: "メインウォレット",
      KO: "메인 지갑",
      TH: "กระเป๋าหลัก",
      UR: "مین والیٹ",
      VI: "Ví chính",
    },
  },
  {
    accountTypeId: 8,
    displayName: {
      EN: "JILI Wallet",
      BN: "JILI ওয়ালেট",
      CN: "JILI钱包",
      ID: "Dompet JILI",
      JA: "JILIウォレット",
      KO: "JILI 지갑",
      TH: "กระเป๋า JILI",
      UR: "JILI والیٹ",
      VI: "Ví JILI",
    },
  },
  {
    accountTypeId: 12,
    displayName: {
      EN: "Pragmatic Play Wallet",
      BN: "Pragmatic Play ওয়ালেট",
      CN: "Pragmatic Play钱包",
      ID: "Dompet Pragmatic Play",
      JA: "Pragmatic Playウォレット",
      KO: "Pragmatic Play 지갑",
      TH: "กระเป๋า Pragmatic Play",
      UR: "Pragmatic Play والیٹ",
      VI: "Ví Pragmatic Play",
    },
  },
];

export const clubLabels: Record<number, Localized> = {
  1: { EN: "Bronze", BN: "ব্রোঞ্জ", CN: "青铜", ID: "Perunggu", JA: "ブロンズ", KO: "브론즈", TH: "บรอนซ์", UR: "برونز", VI: "Đồng" },
  2: { EN: "Silver", BN: "সিলভার", CN: "白银", ID: "Perak", JA: "シルバー", KO: "실버", TH: "ซิลเวอร์", UR: "سلور", VI: "Bạc" },
  3: { EN: "Gold", BN: "গোল্ড", CN: "黄金", ID: "Emas", JA: "ゴールド", KO: "골드", TH: "โกลด์", UR: "گولڈ", VI: "Vàng" },
  4: {
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
  5: {
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
};

export function merchantSettings(merchant: string): Record<string, unknown> {
  return {
    freePlayCredit: 2000,
    passwordExpiryDays: 0,
    loginedToHomePage: false,
    mainDomain: "localhost",
    gtagId: "",
    languages: ["EN", "BN"],
    defaultLanguage: "EN",
    // TIKTOK is left out on purpose: social links are optional.
    resources: [
      {
        resourceType: "FACEBOOK",
        url: "https://www.facebook.com/example",
        qrCodeUrl: "",
        label: {
          EN: "Facebook",
          BN: "ফেসবুক",
          CN: "Facebook",
          ID: "Facebook",
          JA: "Facebook",
          KO: "페이스북",
          TH: "Facebook",
          UR: "فیس بک",
          VI: "Facebook",
        },
      },
      {
        resourceType: "TELEGRAM",
        url: "https://t.me/example",
        qrCodeUrl: "",
        label: {
          EN: "Telegram",
          BN: "টেলিগ্রাম",
          CN: "Telegram",
          ID: "Telegram",
          JA: "Telegram",
          KO: "텔레그램",
          TH: "Telegram",
          UR: "ٹیلی گرام",
          VI: "Telegram",
        },
      },
      {
        resourceType: "WHATSAPP",
        url: "https://wa.me/8801700000000",
        qrCodeUrl: "",
        label: {
          EN: "WhatsApp",
          BN: "হোয়াটসঅ্যাপ",
          CN: "WhatsApp",
          ID: "WhatsApp",
          JA: "WhatsApp",
          KO: "왓츠앱",
          TH: "WhatsApp",
          UR: "واٹس ایپ",
          VI: "WhatsApp",
        },
      },
      {
        resourceType: "YOUTUBE",
        url: "https://www.youtube.com/@example",
        qrCodeUrl: "",
        label: {
          EN: "YouTube",
          BN: "ইউটিউব",
          CN: "YouTube",
          ID: "YouTube",
          JA: "YouTube",
          KO: "유튜브",
          TH: "YouTube",
          UR: "یوٹیوب",
          VI: "YouTube",
        },
      },
      {
        resourceType: "IOS",
        url: "https://download.example.com/app.ipa",
        qrCodeUrl: "",
        label: {
          EN: "iOS app",
          BN: "আইওএস অ্যাপ",
          CN: "iOS App",
          ID: "Aplikasi iOS",
          JA: "iOSアプリ",
          KO: "iOS 앱",
          TH: "แอป iOS",
          UR: "iOS ایپ",
          VI: "App iOS",
        },
      },
      {
        resourceType: "MOBILECONFIG",
        url: "https://download.example.com/app.mobileconfig",
        qrCodeUrl: "",
        label: {
          EN: "iOS web clip",
          BN: "আইওএস ওয়েব ক্লিপ",
          CN: "iOS轻量版",
          ID: "Web clip iOS",
          JA: "iOS Webクリップ",
          KO: "iOS 웹 클립",
          TH: "เว็บคลิป iOS",
          UR: "iOS ویب کلپ",
          VI: "Web clip iOS",
        },
      },
      {
        resourceType: "ANDROID",
        url: "https://download.example.com/app.apk",
        qrCodeUrl: "",
        label: {
          EN: "Android app",
          BN: "অ্যান্ড্রয়েড অ্যাপ",
          CN: "安卓App",
          ID: "Aplikasi Android",
          JA: "Androidアプリ",
          KO: "안드로이드 앱",
          TH: "แอป Android",
          UR: "اینڈرائیڈ ایپ",
          VI: "App Android",
        },
      },
    ],
    customerService: [
      { csType: "LIVECHAT", url: `https://chat.example.com/livechat?merchant=${merchant}` },
      { csType: "VIP", url: `https://chat.example.com/vip?merchant=${merchant}` },
    ],
  };
}

export const DEMO_PASSWORD = "Demo@1234";
/** The demo agents' withdraw password: their transfers up and down need one (README). */
export const AGENT_WITHDRAW_PASSWORD = "Agent#2468";

export interface MemberSeed {
  username: string;
  accountType: number;
  nickname: string;
  mobile: string;
  email: string;
  rankLevel: number;
  upline?: string;
  createdAt: string;
  /** Major units per accountTypeId. */
  balances?: Record<number, number>;
}

/** Agents first: members refer to their upline by name. */
export const memberSeeds: MemberSeed[] = [
  {
    username: "demo_agent",
    accountType: 1,
    nickname: "Demo Agent",
    mobile: "8801711000001",
    email: "agent@example.com",
    rankLevel: 1,
    createdAt: "2024-01-10T09:00:00Z",
  },
  {
    username: "demo_member",
    accountType: 0,
    nickname: "Demo Member",
    mobile: "8801712345678",
    email: "member@example.com",
    rankLevel: 2,
    upline: "demo_agent",
    createdAt: "2024-03-01T10:00:00Z",
    balances: { 2: 5000, 8: 250 },
  },
  {
    username: "demo_vip",
    accountType: 0,
    nickname: "Demo VIP",
    mobile: "8801711000003",
    email: "vip@example.com",
    rankLevel: 5,
    createdAt: "2024-02-15T12:00:00Z",
  },
];
