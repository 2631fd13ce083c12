import type { Localized } from "../messages";

// The demo operator's content (decision 026): more notices and popups (in all nine languages, so
// the ticker and the notices read in the player's language), the help centre, the footer's pages
// and the affiliate programme (in English and Bengali). Fixed values, so two fresh databases look
// the same. The demo operator is "WinBazaar".

export interface NoticeSeed {
  kind: "marquee" | "popup";
  title: Localized;
  content: Localized;
  publishedAt: string;
}

/** Newest first: the seed gives them sorts below the first seed's three notices and two popups. */
export const noticeSeeds: NoticeSeed[] = [
  {
    kind: "marquee",
    title: {
      EN: "Scheduled maintenance on 28 November",
      BN: "২৮ নভেম্বর নির্ধারিত রক্ষণাবেক্ষণ",
      CN: "11月28日系统维护通知",
      ID: "Pemeliharaan terjadwal 28 November",
      JA: "11月28日の定期メンテナンス",
      KO: "11월 28일 정기 점검 안내",
      TH: "ปิดปรับปรุงระบบตามกำหนด 28 พฤศจิกายน",
      UR: "28 نومبر کو طے شدہ مینٹیننس",
      VI: "Bảo trì định kỳ ngày 28 tháng 11",
    },
    content: {
      EN: "<p>The site will be under maintenance on <b>Friday 28 November, 03:00–05:00</b> (Dhaka time). Wallet balances are safe; games and deposits pause during the window.</p>",
      BN: "<p><b>শুক্রবার ২৮ নভেম্বর, ০৩:০০–০৫:০০</b> (ঢাকা সময়) সাইটে রক্ষণাবেক্ষণ চলবে। ওয়ালেটের ব্যালেন্স নিরাপদ থাকবে; এই সময়ে গেম ও ডিপোজিট বন্ধ থাকবে।</p>",
      CN: "<p>本站将于<b>11月28日（周五）03:00–05:00</b>（达卡时间）进行维护。钱包余额安全无虞；维护期间游戏与存款暂停。</p>",
      ID: "<p>Situs akan menjalani pemeliharaan pada <b>Jumat 28 November, pukul 03.00–05.00</b> (waktu Dhaka). Saldo dompet Anda aman; permainan dan deposit dijeda selama waktu tersebut.</p>",
      JA: "<p><b>11月28日（金）03:00～05:00</b>（ダッカ時間）にサイトのメンテナンスを行います。ウォレット残高は安全です。メンテナンス中はゲームと入金を一時停止します。</p>",
      KO: "<p><b>11월 28일(금) 03:00~05:00</b>(다카 시간)에 사이트 점검이 진행돼요. 지갑 잔액은 안전하며, 점검 시간 동안 게임과 입금이 잠시 중단돼요.</p>",
      TH: "<p>เว็บไซต์จะปิดปรับปรุงใน<b>วันศุกร์ที่ 28 พฤศจิกายน เวลา 03:00–05:00 น.</b> (เวลาธากา) ยอดเงินในกระเป๋าปลอดภัย เกมและการฝากเงินจะหยุดชั่วคราวในช่วงเวลาดังกล่าว</p>",
      UR: "<p>سائٹ پر <b>جمعہ 28 نومبر، 03:00–05:00</b> (ڈھاکہ وقت) مینٹیننس ہوگی۔ والیٹ بیلنس محفوظ ہیں؛ اس دوران گیمز اور ڈپازٹ رکے رہیں گے۔</p>",
      VI: "<p>Trang sẽ bảo trì vào <b>Thứ Sáu 28/11, 03:00–05:00</b> (giờ Dhaka). Số dư ví vẫn an toàn; trò chơi và nạp tiền tạm dừng trong thời gian này.</p>",
    },
    publishedAt: "2026-11-20T09:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "Rocket deposits are back",
      BN: "রকেট ডিপোজিট আবার চালু",
      CN: "Rocket存款已恢复",
      ID: "Deposit Rocket kembali normal",
      JA: "Rocket入金が再開しました",
      KO: "Rocket 입금이 다시 가능해요",
      TH: "ฝากเงินผ่าน Rocket ได้แล้ว",
      UR: "راکٹ ڈپازٹ دوبارہ شروع",
      VI: "Nạp tiền qua Rocket đã hoạt động lại",
    },
    content: {
      EN: "<p>Rocket deposits work again after the provider's upgrade. Deposits sent during the outage have all been credited.</p>",
      BN: "<p>প্রোভাইডারের আপগ্রেডের পর রকেট ডিপোজিট আবার চালু হয়েছে। বন্ধ থাকার সময় পাঠানো সব ডিপোজিট জমা হয়ে গেছে।</p>",
      CN: "<p>服务商升级完成后，Rocket存款已恢复正常。故障期间提交的存款均已全部到账。</p>",
      ID: "<p>Deposit Rocket sudah berfungsi lagi setelah penyedia melakukan upgrade. Semua deposit yang dikirim selama gangguan sudah dikreditkan.</p>",
      JA: "<p>決済事業者のアップグレード完了に伴い、Rocketでの入金が再びご利用いただけます。障害中に送金された入金はすべて反映済みです。</p>",
      KO: "<p>결제사 업그레이드가 끝나 Rocket 입금이 다시 정상적으로 처리돼요. 장애 중에 보낸 입금은 모두 반영되었어요.</p>",
      TH: "<p>ฝากเงินผ่าน Rocket ได้ตามปกติแล้วหลังผู้ให้บริการอัปเกรดระบบ ยอดฝากที่ส่งมาระหว่างระบบขัดข้องได้รับการเติมเข้าบัญชีครบทุกรายการแล้ว</p>",
      UR: "<p>پرووائیڈر کے اپ گریڈ کے بعد راکٹ ڈپازٹ دوبارہ کام کر رہے ہیں۔ خرابی کے دوران بھیجے گئے تمام ڈپازٹ جمع ہو چکے ہیں۔</p>",
      VI: "<p>Nạp tiền qua Rocket đã hoạt động trở lại sau khi nhà cung cấp nâng cấp. Mọi khoản nạp gửi trong lúc gián đoạn đều đã được cộng.</p>",
    },
    publishedAt: "2026-11-18T06:30:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "New: Aviator and 10 crash games",
      BN: "নতুন: এভিয়েটর ও ১০টি ক্র্যাশ গেম",
      CN: "新上线：Aviator及10款Crash游戏",
      ID: "Baru: Aviator dan 10 game crash",
      JA: "新登場：Aviatorとクラッシュゲーム10種",
      KO: "신규: 에비에이터와 크래시 게임 10종",
      TH: "ใหม่! Aviator และเกมแครช 10 เกม",
      UR: "نیا: ایوی ایٹر اور 10 کریش گیمز",
      VI: "Mới: Aviator và 10 game crash",
    },
    content: {
      EN: "<p>Aviator and ten more crash games from Spribe are now in the lobby under <b>Slots → Crash</b>.</p>",
      BN: "<p>স্প্রাইবের এভিয়েটর সহ আরও দশটি ক্র্যাশ গেম এখন লবিতে <b>স্লট → ক্র্যাশ</b>-এ পাওয়া যাচ্ছে।</p>",
      CN: "<p>Spribe的Aviator及另外十款Crash游戏现已上线，请在大厅<b>老虎机 → Crash</b>中查看。</p>",
      ID: "<p>Aviator dan sepuluh game crash lainnya dari Spribe kini ada di lobi, di bagian <b>Slot → Crash</b>.</p>",
      JA: "<p>SpribeのAviatorをはじめ、クラッシュゲーム10種がロビーの<b>スロット → クラッシュ</b>に登場しました。</p>",
      KO: "<p>Spribe의 에비에이터와 크래시 게임 10종이 로비의 <b>슬롯 → 크래시</b>에 추가되었어요.</p>",
      TH: "<p>Aviator และเกมแครชอีกสิบเกมจาก Spribe มาแล้วในล็อบบี้ ที่หมวด<b>สล็อต → แครช</b></p>",
      UR: "<p>اسپرائب کا ایوی ایٹر اور دس مزید کریش گیمز اب لابی میں <b>سلاٹس ← کریش</b> میں موجود ہیں۔</p>",
      VI: "<p>Aviator cùng mười game crash khác của Spribe đã có trong sảnh, tại mục <b>Slot → Crash</b>.</p>",
    },
    publishedAt: "2026-11-15T10:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "USDT deposits now accepted",
      BN: "এখন USDT ডিপোজিট গ্রহণ করা হয়",
      CN: "现已支持USDT存款",
      ID: "Kini menerima deposit USDT",
      JA: "USDTでの入金に対応しました",
      KO: "이제 USDT로 입금할 수 있어요",
      TH: "รองรับการฝากด้วย USDT แล้ว",
      UR: "اب USDT ڈپازٹ قبول ہیں",
      VI: "Đã nhận nạp tiền bằng USDT",
    },
    content: {
      EN: "<p>You can now deposit with <b>USDT (TRC-20)</b>. The amount is credited in taka at the rate shown on the deposit page.</p>",
      BN: "<p>এখন <b>USDT (TRC-20)</b> দিয়ে ডিপোজিট করা যায়। ডিপোজিট পৃষ্ঠায় দেখানো রেটে টাকায় জমা হবে।</p>",
      CN: "<p>现在可以使用<b>USDT（TRC-20）</b>存款。金额将按存款页面显示的汇率以塔卡入账。</p>",
      ID: "<p>Sekarang Anda bisa deposit dengan <b>USDT (TRC-20)</b>. Jumlahnya dikreditkan dalam taka sesuai kurs yang tertera di halaman deposit.</p>",
      JA: "<p><b>USDT（TRC-20）</b>で入金できるようになりました。入金額は入金ページに表示されるレートでタカに換算して反映されます。</p>",
      KO: "<p>이제 <b>USDT(TRC-20)</b>로 입금할 수 있어요. 입금액은 입금 페이지에 표시된 환율로 타카로 반영돼요.</p>",
      TH: "<p>ตอนนี้ฝากเงินด้วย <b>USDT (TRC-20)</b> ได้แล้ว ยอดเงินจะเข้าบัญชีเป็นตากาตามอัตราที่แสดงในหน้าฝากเงิน</p>",
      UR: "<p>اب آپ <b>USDT (TRC-20)</b> سے ڈپازٹ کر سکتے ہیں۔ رقم ڈپازٹ صفحے پر دکھائے گئے ریٹ پر ٹکا میں جمع ہوگی۔</p>",
      VI: "<p>Giờ bạn có thể nạp tiền bằng <b>USDT (TRC-20)</b>. Số tiền được cộng bằng taka theo tỷ giá hiển thị trên trang nạp tiền.</p>",
    },
    publishedAt: "2026-11-12T08:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "Set your own limits",
      BN: "নিজের সীমা নিজেই ঠিক করুন",
      CN: "自行设定限额",
      ID: "Atur batas Anda sendiri",
      JA: "ご自身で上限を設定しましょう",
      KO: "나만의 한도를 정하세요",
      TH: "ตั้งขีดจำกัดของคุณเอง",
      UR: "اپنی حدیں خود طے کریں",
      VI: "Tự đặt giới hạn cho mình",
    },
    content: {
      EN: "<p>Play for fun, not to win back losses. Set deposit, loss and session limits any time in <b>Member centre → Responsible gaming</b>.</p>",
      BN: "<p>আনন্দের জন্য খেলুন, হারানো টাকা ফেরত পাওয়ার জন্য নয়। <b>মেম্বার সেন্টার → দায়িত্বশীল গেমিং</b>-এ যেকোনো সময় ডিপোজিট, লস ও সেশনের সীমা ঠিক করুন।</p>",
      CN: "<p>游戏是为了娱乐，而不是为了赢回损失。您可随时在<b>会员中心 → 责任博彩</b>中设定存款、亏损和游戏时长限额。</p>",
      ID: "<p>Bermainlah untuk bersenang-senang, bukan untuk mengejar kekalahan. Atur batas deposit, kekalahan, dan sesi kapan saja di <b>Pusat anggota → Permainan bertanggung jawab</b>.</p>",
      JA: "<p>負けを取り戻すためではなく、楽しむためにプレイしましょう。入金・損失・セッションの上限は、<b>会員センター → 責任あるゲーム</b>でいつでも設定できます。</p>",
      KO: "<p>잃은 돈을 되찾으려 하지 말고 즐겁게 플레이하세요. <b>회원 센터 → 책임감 있는 게임</b>에서 언제든 입금·손실·세션 한도를 설정할 수 있어요.</p>",
      TH: "<p>เล่นเพื่อความสนุก ไม่ใช่เพื่อเอาคืนสิ่งที่เสียไป ตั้งขีดจำกัดการฝาก การเสีย และเวลาเล่นได้ทุกเมื่อที่<b>ศูนย์สมาชิก → การเล่นอย่างรับผิดชอบ</b></p>",
      UR: "<p>تفریح کے لیے کھیلیں، ہاری ہوئی رقم واپس جیتنے کے لیے نہیں۔ <b>ممبر سینٹر ← ذمہ دارانہ گیمنگ</b> میں کسی بھی وقت ڈپازٹ، نقصان اور سیشن کی حدیں مقرر کریں۔</p>",
      VI: "<p>Chơi để giải trí, đừng chơi để gỡ lại tiền thua. Đặt giới hạn nạp tiền, thua lỗ và thời gian chơi bất cứ lúc nào tại <b>Trung tâm thành viên → Chơi có trách nhiệm</b>.</p>",
    },
    publishedAt: "2026-11-10T04:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "BPL 2026 markets are open",
      BN: "বিপিএল ২০২৬-এর মার্কেট চালু",
      CN: "BPL 2026赛事盘口已开放",
      ID: "Pasar BPL 2026 sudah dibuka",
      JA: "BPL 2026のマーケットを公開中",
      KO: "BPL 2026 마켓 오픈",
      TH: "เปิดตลาด BPL 2026 แล้ว",
      UR: "بی پی ایل 2026 کی مارکیٹس کھل گئیں",
      VI: "Kèo BPL 2026 đã mở",
    },
    content: {
      EN: "<p>Bet on every Bangladesh Premier League match, with live odds and cash-out on the sportsbook.</p>",
      BN: "<p>বাংলাদেশ প্রিমিয়ার লিগের প্রতিটি ম্যাচে বাজি ধরুন, স্পোর্টসবুকে লাইভ অডস ও ক্যাশ-আউট সহ।</p>",
      CN: "<p>孟加拉国超级联赛每场比赛均可投注，体育博彩提供实时赔率与提前兑现。</p>",
      ID: "<p>Pasang taruhan di setiap pertandingan Bangladesh Premier League, dengan odds langsung dan cash-out di sportsbook.</p>",
      JA: "<p>バングラデシュ・プレミアリーグの全試合にベットできます。スポーツブックではライブオッズとキャッシュアウトもご利用いただけます。</p>",
      KO: "<p>방글라데시 프리미어 리그 전 경기에 베팅하세요. 스포츠북에서 실시간 배당과 캐시아웃을 이용할 수 있어요.</p>",
      TH: "<p>แทงได้ทุกแมตช์ของบังกลาเทศพรีเมียร์ลีก พร้อมราคาสดและแคชเอาต์ในสปอร์ตบุ๊ก</p>",
      UR: "<p>بنگلہ دیش پریمیئر لیگ کے ہر میچ پر بیٹ لگائیں، اسپورٹس بک پر لائیو اوڈز اور کیش آؤٹ کے ساتھ۔</p>",
      VI: "<p>Cá cược mọi trận Bangladesh Premier League, với tỷ lệ trực tiếp và rút sớm (cash-out) trên sportsbook.</p>",
    },
    publishedAt: "2026-11-06T12:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "Withdrawals over ৳25,000",
      BN: "৳২৫,০০০-এর বেশি উত্তোলন",
      CN: "超过৳25,000的提款",
      ID: "Penarikan di atas ৳25.000",
      JA: "৳25,000を超える出金について",
      KO: "৳25,000 초과 출금 안내",
      TH: "การถอนเงินเกิน ৳25,000",
      UR: "৳25,000 سے زیادہ کی نکلوائی",
      VI: "Rút tiền trên ৳25.000",
    },
    content: {
      EN: "<p>Withdrawals above ৳25,000 are split into several requests and reviewed by our finance team within 2 hours.</p>",
      BN: "<p>৳২৫,০০০-এর বেশি উত্তোলন একাধিক অনুরোধে ভাগ করে করতে হয় এবং আমাদের ফাইন্যান্স টিম ২ ঘণ্টার মধ্যে যাচাই করে।</p>",
      CN: "<p>超过৳25,000的提款需拆分为多笔申请，并由财务团队在2小时内审核。</p>",
      ID: "<p>Penarikan di atas ৳25.000 dibagi menjadi beberapa permintaan dan ditinjau tim keuangan kami dalam 2 jam.</p>",
      JA: "<p>৳25,000を超える出金は複数の申請に分けて受け付け、財務チームが2時間以内に確認します。</p>",
      KO: "<p>৳25,000을 넘는 출금은 여러 건으로 나누어 신청되며, 재무팀이 2시간 안에 검토해요.</p>",
      TH: "<p>การถอนเงินเกิน ৳25,000 จะแบ่งเป็นหลายคำขอ และทีมการเงินจะตรวจสอบภายใน 2 ชั่วโมง</p>",
      UR: "<p>৳25,000 سے زیادہ کی نکلوائی کئی درخواستوں میں تقسیم ہوتی ہے اور ہماری فنانس ٹیم 2 گھنٹے کے اندر اس کا جائزہ لیتی ہے۔</p>",
      VI: "<p>Lệnh rút trên ৳25.000 được chia thành nhiều yêu cầu và đội tài chính của chúng tôi duyệt trong vòng 2 giờ.</p>",
    },
    publishedAt: "2026-11-02T07:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "Beware of fake agents",
      BN: "ভুয়া এজেন্ট থেকে সাবধান",
      CN: "谨防假冒代理",
      ID: "Waspada agen palsu",
      JA: "偽エージェントにご注意ください",
      KO: "가짜 에이전트를 조심하세요",
      TH: "ระวังเอเยนต์ปลอม",
      UR: "جعلی ایجنٹوں سے ہوشیار رہیں",
      VI: "Cảnh giác với đại lý giả mạo",
    },
    content: {
      EN: "<p>WinBazaar never asks you to send money to a personal number by phone or chat. Only pay to the account shown on the deposit page.</p>",
      BN: "<p>WinBazaar কখনও ফোন বা চ্যাটে ব্যক্তিগত নম্বরে টাকা পাঠাতে বলে না। শুধু ডিপোজিট পৃষ্ঠায় দেখানো অ্যাকাউন্টে টাকা পাঠান।</p>",
      CN: "<p>WinBazaar绝不会通过电话或聊天要求您向个人号码转账。请只向存款页面显示的账户付款。</p>",
      ID: "<p>WinBazaar tidak pernah meminta Anda mengirim uang ke nomor pribadi lewat telepon atau chat. Bayarlah hanya ke rekening yang tertera di halaman deposit.</p>",
      JA: "<p>WinBazaarが電話やチャットで個人の番号への送金をお願いすることは絶対にありません。お支払いは入金ページに表示された口座にのみ行ってください。</p>",
      KO: "<p>WinBazaar는 전화나 채팅으로 개인 번호에 송금하라고 절대 요청하지 않아요. 입금 페이지에 표시된 계좌로만 송금하세요.</p>",
      TH: "<p>WinBazaar ไม่เคยขอให้คุณโอนเงินเข้าเบอร์ส่วนตัวทางโทรศัพท์หรือแชต โปรดโอนเงินเข้าบัญชีที่แสดงในหน้าฝากเงินเท่านั้น</p>",
      UR: "<p>WinBazaar کبھی فون یا چیٹ پر آپ سے کسی ذاتی نمبر پر رقم بھیجنے کو نہیں کہتا۔ ادائیگی صرف ڈپازٹ صفحے پر دکھائے گئے اکاؤنٹ میں کریں۔</p>",
      VI: "<p>WinBazaar không bao giờ yêu cầu bạn chuyển tiền vào số cá nhân qua điện thoại hay chat. Chỉ thanh toán vào tài khoản hiển thị trên trang nạp tiền.</p>",
    },
    publishedAt: "2026-10-28T05:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "Live casino tables added",
      BN: "নতুন লাইভ ক্যাসিনো টেবিল",
      CN: "新增真人娱乐场牌桌",
      ID: "Meja kasino langsung baru",
      JA: "ライブカジノのテーブルを追加",
      KO: "라이브 카지노 테이블 추가",
      TH: "เพิ่มโต๊ะคาสิโนสด",
      UR: "لائیو کیسینو کی نئی ٹیبلز",
      VI: "Thêm bàn live casino",
    },
    content: {
      EN: "<p>New Bengali-speaking Teen Patti and Andar Bahar tables are open every evening from 18:00.</p>",
      BN: "<p>বাংলাভাষী ডিলারের নতুন তিন পাত্তি ও আন্দার বাহার টেবিল প্রতিদিন সন্ধ্যা ৬টা থেকে খোলা।</p>",
      CN: "<p>全新孟加拉语荷官的Teen Patti和Andar Bahar牌桌每晚18:00起开放。</p>",
      ID: "<p>Meja Teen Patti dan Andar Bahar baru dengan dealer berbahasa Bengali buka setiap malam mulai pukul 18.00.</p>",
      JA: "<p>ベンガル語ディーラーによるティーン・パッティとアンダル・バハルの新テーブルを、毎晩18:00からオープンしています。</p>",
      KO: "<p>벵골어 딜러가 진행하는 틴 파티와 안다르 바하르 테이블이 새로 열렸어요. 매일 저녁 18:00부터 이용할 수 있어요.</p>",
      TH: "<p>โต๊ะ Teen Patti และ Andar Bahar ใหม่ที่มีดีลเลอร์พูดภาษาเบงกาลี เปิดทุกเย็นตั้งแต่ 18:00 น.</p>",
      UR: "<p>بنگالی بولنے والے ڈیلرز کے ساتھ تین پتی اور اندر باہر کی نئی ٹیبلز ہر شام 18:00 سے کھلی ہیں۔</p>",
      VI: "<p>Bàn Teen Patti và Andar Bahar mới với dealer nói tiếng Bengal mở cửa mỗi tối từ 18:00.</p>",
    },
    publishedAt: "2026-10-20T11:00:00Z",
  },
  {
    kind: "marquee",
    title: {
      EN: "Customer service hours",
      BN: "কাস্টমার সার্ভিসের সময়",
      CN: "客服服务时间",
      ID: "Jam layanan pelanggan",
      JA: "カスタマーサービスの受付時間",
      KO: "고객센터 운영 시간",
      TH: "เวลาทำการฝ่ายบริการลูกค้า",
      UR: "کسٹمر سروس کے اوقات",
      VI: "Giờ chăm sóc khách hàng",
    },
    content: {
      EN: "<p>Live chat answers <b>24 hours a day</b>, in Bengali and English. Email replies within 12 hours.</p>",
      BN: "<p>লাইভ চ্যাট <b>২৪ ঘণ্টা</b> খোলা, বাংলা ও ইংরেজিতে। ইমেইলের উত্তর ১২ ঘণ্টার মধ্যে।</p>",
      CN: "<p>在线客服<b>24小时</b>为您服务，支持孟加拉语和英语。邮件将在12小时内回复。</p>",
      ID: "<p>Live chat siap menjawab <b>24 jam sehari</b>, dalam bahasa Bengali dan Inggris. Email dibalas dalam 12 jam.</p>",
      JA: "<p>ライブチャットは<b>24時間</b>、ベンガル語と英語で対応しています。メールは12時間以内に返信します。</p>",
      KO: "<p>라이브 채팅은 <b>24시간</b> 벵골어와 영어로 답변해요. 이메일은 12시간 안에 답장드려요.</p>",
      TH: "<p>แชตสดตอบ<b>ตลอด 24 ชั่วโมง</b> เป็นภาษาเบงกาลีและอังกฤษ อีเมลตอบกลับภายใน 12 ชั่วโมง</p>",
      UR: "<p>لائیو چیٹ <b>دن کے 24 گھنٹے</b> بنگالی اور انگریزی میں جواب دیتی ہے۔ ای میل کا جواب 12 گھنٹے کے اندر۔</p>",
      VI: "<p>Live chat trả lời <b>24 giờ mỗi ngày</b>, bằng tiếng Bengal và tiếng Anh. Email được phản hồi trong vòng 12 giờ.</p>",
    },
    publishedAt: "2026-10-12T03:00:00Z",
  },
  {
    kind: "popup",
    title: {
      EN: "Maintenance on Friday 28 November",
      BN: "শুক্রবার ২৮ নভেম্বর রক্ষণাবেক্ষণ",
      CN: "11月28日（周五）系统维护",
      ID: "Pemeliharaan Jumat 28 November",
      JA: "11月28日（金）のメンテナンス",
      KO: "11월 28일(금) 점검 안내",
      TH: "ปิดปรับปรุงวันศุกร์ที่ 28 พฤศจิกายน",
      UR: "جمعہ 28 نومبر کو مینٹیننس",
      VI: "Bảo trì Thứ Sáu 28 tháng 11",
    },
    content: {
      EN: "<p>We are upgrading our servers on <b>Friday 28 November from 03:00 to 05:00</b> (Dhaka time).</p><ul><li>Games, deposits and withdrawals pause during the window.</li><li>Open bets are settled as normal afterwards.</li><li>Your balance is safe.</li></ul>",
      BN: "<p>আমরা <b>শুক্রবার ২৮ নভেম্বর ০৩:০০ থেকে ০৫:০০</b> (ঢাকা সময়) সার্ভার আপগ্রেড করছি।</p><ul><li>এই সময়ে গেম, ডিপোজিট ও উত্তোলন বন্ধ থাকবে।</li><li>খোলা বাজিগুলো পরে স্বাভাবিকভাবে নিষ্পত্তি হবে।</li><li>আপনার ব্যালেন্স নিরাপদ।</li></ul>",
      CN: "<p>我们将于<b>11月28日（周五）03:00至05:00</b>（达卡时间）升级服务器。</p><ul><li>维护期间游戏、存款和提款暂停。</li><li>未结算的注单将在维护后正常结算。</li><li>您的余额安全无虞。</li></ul>",
      ID: "<p>Kami akan meng-upgrade server pada <b>Jumat 28 November pukul 03.00 sampai 05.00</b> (waktu Dhaka).</p><ul><li>Permainan, deposit, dan penarikan dijeda selama waktu tersebut.</li><li>Taruhan yang masih terbuka diselesaikan seperti biasa sesudahnya.</li><li>Saldo Anda aman.</li></ul>",
      JA: "<p><b>11月28日（金）03:00～05:00</b>（ダッカ時間）にサーバーのアップグレードを行います。</p><ul><li>メンテナンス中はゲーム・入金・出金を一時停止します。</li><li>未確定のベットは終了後に通常どおり精算されます。</li><li>残高は安全です。</li></ul>",
      KO: "<p><b>11월 28일(금) 03:00부터 05:00까지</b>(다카 시간) 서버 업그레이드를 진행해요.</p><ul><li>점검 시간에는 게임, 입금, 출금이 잠시 중단돼요.</li><li>진행 중인 베팅은 점검 후 정상적으로 정산돼요.</li><li>잔액은 안전해요.</li></ul>",
      TH: "<p>เราจะอัปเกรดเซิร์ฟเวอร์ใน<b>วันศุกร์ที่ 28 พฤศจิกายน เวลา 03:00 ถึง 05:00 น.</b> (เวลาธากา)</p><ul><li>เกม การฝากและถอนเงินจะหยุดชั่วคราวในช่วงเวลาดังกล่าว</li><li>เดิมพันที่ค้างอยู่จะได้รับการชำระตามปกติหลังจากนั้น</li><li>ยอดเงินของคุณปลอดภัย</li></ul>",
      UR: "<p>ہم <b>جمعہ 28 نومبر کو 03:00 سے 05:00</b> (ڈھاکہ وقت) تک اپنے سرورز اپ گریڈ کر رہے ہیں۔</p><ul><li>اس دوران گیمز، ڈپازٹ اور نکلوائی رکی رہیں گی۔</li><li>کھلی بیٹس بعد میں معمول کے مطابق سیٹل ہوں گی۔</li><li>آپ کا بیلنس محفوظ ہے۔</li></ul>",
      VI: "<p>Chúng tôi nâng cấp máy chủ vào <b>Thứ Sáu 28/11 từ 03:00 đến 05:00</b> (giờ Dhaka).</p><ul><li>Trò chơi, nạp và rút tiền tạm dừng trong thời gian này.</li><li>Các cược đang mở sẽ được thanh toán bình thường sau đó.</li><li>Số dư của bạn vẫn an toàn.</li></ul>",
    },
    publishedAt: "2026-11-20T09:00:00Z",
  },
  {
    kind: "popup",
    title: {
      EN: "Deposit with USDT",
      BN: "USDT দিয়ে ডিপোজিট করুন",
      CN: "使用USDT存款",
      ID: "Deposit dengan USDT",
      JA: "USDTで入金する",
      KO: "USDT로 입금하기",
      TH: "ฝากเงินด้วย USDT",
      UR: "USDT سے ڈپازٹ کریں",
      VI: "Nạp tiền bằng USDT",
    },
    content: {
      EN: "<p>USDT on the TRC-20 network is now a deposit method. Send only TRC-20 USDT to the address shown for your deposit; other networks cannot be recovered.</p>",
      BN: "<p>TRC-20 নেটওয়ার্কের USDT এখন ডিপোজিট পদ্ধতি। আপনার ডিপোজিটের জন্য দেখানো ঠিকানায় শুধু TRC-20 USDT পাঠান; অন্য নেটওয়ার্কে পাঠানো টাকা ফেরত আনা যায় না।</p>",
      CN: "<p>TRC-20网络的USDT现已成为存款方式。请只向您存款时显示的地址发送TRC-20 USDT；通过其他网络发送的款项将无法找回。</p>",
      ID: "<p>USDT di jaringan TRC-20 kini menjadi metode deposit. Kirim hanya USDT TRC-20 ke alamat yang ditampilkan untuk deposit Anda; dana dari jaringan lain tidak dapat dipulihkan.</p>",
      JA: "<p>TRC-20ネットワークのUSDTが入金方法に加わりました。入金時に表示されるアドレスには、TRC-20のUSDTのみを送ってください。他のネットワークで送った資金は取り戻せません。</p>",
      KO: "<p>TRC-20 네트워크의 USDT가 입금 수단으로 추가되었어요. 입금 시 표시되는 주소로는 TRC-20 USDT만 보내 주세요. 다른 네트워크로 보낸 금액은 되찾을 수 없어요.</p>",
      TH: "<p>USDT บนเครือข่าย TRC-20 เป็นช่องทางฝากเงินแล้ว โปรดส่งเฉพาะ USDT แบบ TRC-20 ไปยังที่อยู่ที่แสดงสำหรับการฝากของคุณ เงินที่ส่งผ่านเครือข่ายอื่นจะกู้คืนไม่ได้</p>",
      UR: "<p>TRC-20 نیٹ ورک پر USDT اب ڈپازٹ کا طریقہ ہے۔ اپنے ڈپازٹ کے لیے دکھائے گئے پتے پر صرف TRC-20 USDT بھیجیں؛ دوسرے نیٹ ورکس پر بھیجی گئی رقم واپس نہیں مل سکتی۔</p>",
      VI: "<p>USDT trên mạng TRC-20 nay là một phương thức nạp tiền. Chỉ gửi USDT TRC-20 đến địa chỉ hiển thị cho lần nạp của bạn; tiền gửi qua mạng khác không thể khôi phục.</p>",
    },
    publishedAt: "2026-11-12T08:00:00Z",
  },
  {
    kind: "popup",
    title: {
      EN: "Weekly cashback every Monday",
      BN: "প্রতি সোমবার সাপ্তাহিক ক্যাশব্যাক",
      CN: "每周一发放周返水",
      ID: "Cashback mingguan setiap Senin",
      JA: "毎週月曜日のキャッシュバック",
      KO: "매주 월요일 주간 캐시백",
      TH: "เงินคืนรายสัปดาห์ทุกวันจันทร์",
      UR: "ہر پیر کو ہفتہ وار کیش بیک",
      VI: "Hoàn tiền hằng tuần mỗi Thứ Hai",
    },
    content: {
      EN: `<p>Claim up to <b>0.8% cashback</b> on your slots and fishing bets from <a href="/member/cashback">Cashback</a>. No turnover is needed on cashback.</p>`,
      BN: `<p><a href="/member/cashback">ক্যাশব্যাক</a> থেকে স্লট ও ফিশিং বাজির ওপর <b>০.৮% পর্যন্ত ক্যাশব্যাক</b> নিন। ক্যাশব্যাকে কোনো টার্নওভার লাগে না।</p>`,
      CN: '<p>在<a href="/member/cashback">返水</a>中领取老虎机和捕鱼投注最高<b>0.8%的返水</b>。返水无需流水要求。</p>',
      ID: '<p>Klaim <b>cashback hingga 0,8%</b> dari taruhan slot dan tembak ikan Anda di <a href="/member/cashback">Cashback</a>. Cashback tidak memerlukan turnover.</p>',
      JA: '<p>スロットとフィッシングのベットに対し、最大<b>0.8%のキャッシュバック</b>を<a href="/member/cashback">キャッシュバック</a>から受け取れます。キャッシュバックに賭け条件はありません。</p>',
      KO: '<p><a href="/member/cashback">캐시백</a>에서 슬롯과 피싱 베팅에 대해 최대 <b>0.8% 캐시백</b>을 받으세요. 캐시백에는 롤링 조건이 없어요.</p>',
      TH: '<p>รับ<b>เงินคืนสูงสุด 0.8%</b> จากยอดเดิมพันสล็อตและเกมยิงปลาได้ที่<a href="/member/cashback">เงินคืน</a> เงินคืนไม่ต้องทำเทิร์นโอเวอร์</p>',
      UR: '<p>اپنی سلاٹس اور فشنگ بیٹس پر <b>0.8% تک کیش بیک</b> <a href="/member/cashback">کیش بیک</a> سے حاصل کریں۔ کیش بیک پر کوئی ٹرن اوور ضروری نہیں۔</p>',
      VI: '<p>Nhận <b>hoàn tiền tới 0,8%</b> cho cược slot và bắn cá tại <a href="/member/cashback">Hoàn tiền</a>. Tiền hoàn không yêu cầu doanh thu cược.</p>',
    },
    publishedAt: "2026-11-08T06:00:00Z",
  },
  {
    kind: "popup",
    title: {
      EN: "Play responsibly",
      BN: "দায়িত্বের সাথে খেলুন",
      CN: "理性游戏",
      ID: "Bermain secara bertanggung jawab",
      JA: "責任を持ってプレイしましょう",
      KO: "책임감 있게 즐기세요",
      TH: "เล่นอย่างรับผิดชอบ",
      UR: "ذمہ داری سے کھیلیں",
      VI: "Chơi có trách nhiệm",
    },
    content: {
      EN: `<p>Gambling is for adults (18+) and for entertainment. If it stops being fun, take a break: set limits or a self-exclusion in <a href="/member/responsible-gaming">Responsible gaming</a>.</p>`,
      BN: `<p>জুয়া শুধু প্রাপ্তবয়স্কদের (১৮+) বিনোদনের জন্য। আনন্দ না থাকলে বিরতি নিন: <a href="/member/responsible-gaming">দায়িত্বশীল গেমিং</a>-এ সীমা বা সেলফ-এক্সক্লুশন চালু করুন।</p>`,
      CN: '<p>博彩仅限成年人（18+）娱乐。如果不再觉得有趣，请休息一下：在<a href="/member/responsible-gaming">责任博彩</a>中设定限额或自我禁入。</p>',
      ID: '<p>Judi hanya untuk orang dewasa (18+) dan untuk hiburan. Jika tidak lagi menyenangkan, beristirahatlah: atur batas atau pengecualian diri di <a href="/member/responsible-gaming">Permainan bertanggung jawab</a>.</p>',
      JA: '<p>ギャンブルは成人（18歳以上）のための娯楽です。楽しめなくなったら休憩しましょう。<a href="/member/responsible-gaming">責任あるゲーム</a>で上限や自己除外を設定できます。</p>',
      KO: '<p>게임은 성인(18세 이상)을 위한 오락이에요. 더 이상 즐겁지 않다면 쉬어 가세요. <a href="/member/responsible-gaming">책임감 있는 게임</a>에서 한도나 자가 제한을 설정할 수 있어요.</p>',
      TH: '<p>การพนันมีไว้สำหรับผู้ใหญ่ (18+) และเพื่อความบันเทิง หากเริ่มไม่สนุก ให้พักก่อน: ตั้งขีดจำกัดหรือระงับการเล่นด้วยตนเองได้ที่<a href="/member/responsible-gaming">การเล่นอย่างรับผิดชอบ</a></p>',
      UR: '<p>جوا صرف بالغوں (18+) کے لیے اور تفریح کے لیے ہے۔ اگر مزہ نہ رہے تو وقفہ لیں: <a href="/member/responsible-gaming">ذمہ دارانہ گیمنگ</a> میں حدیں یا سیلف ایکسکلوژن مقرر کریں۔</p>',
      VI: '<p>Cờ bạc chỉ dành cho người lớn (18+) và để giải trí. Nếu không còn vui, hãy nghỉ ngơi: đặt giới hạn hoặc tự loại trừ tại <a href="/member/responsible-gaming">Chơi có trách nhiệm</a>.</p>',
    },
    publishedAt: "2026-11-01T04:00:00Z",
  },
  {
    kind: "popup",
    title: {
      EN: "Protect your account",
      BN: "আপনার অ্যাকাউন্ট সুরক্ষিত রাখুন",
      CN: "保护您的账户",
      ID: "Lindungi akun Anda",
      JA: "アカウントを守りましょう",
      KO: "계정을 안전하게 지키세요",
      TH: "ปกป้องบัญชีของคุณ",
      UR: "اپنے اکاؤنٹ کی حفاظت کریں",
      VI: "Bảo vệ tài khoản của bạn",
    },
    content: {
      EN: "<p>Set a withdraw password different from your login password, bind your mobile number, and never share an SMS code — our staff will never ask for it.</p>",
      BN: "<p>লগইন পাসওয়ার্ড থেকে আলাদা একটি উত্তোলন পাসওয়ার্ড দিন, মোবাইল নম্বর যুক্ত করুন এবং কখনও SMS কোড শেয়ার করবেন না — আমাদের কর্মীরা কখনও তা চাইবে না।</p>",
      CN: "<p>请设置与登录密码不同的提款密码，绑定手机号码，且绝不透露短信验证码——我们的工作人员绝不会向您索要。</p>",
      ID: "<p>Buat kata sandi penarikan yang berbeda dari kata sandi login, tautkan nomor ponsel Anda, dan jangan pernah membagikan kode SMS — staf kami tidak akan pernah memintanya.</p>",
      JA: "<p>出金パスワードはログインパスワードと別のものにし、携帯電話番号を登録して、SMSコードは決して他人に教えないでください。スタッフがコードを尋ねることはありません。</p>",
      KO: "<p>출금 비밀번호는 로그인 비밀번호와 다르게 설정하고, 휴대폰 번호를 연동하고, SMS 인증번호는 절대 공유하지 마세요. 저희 직원은 절대 인증번호를 묻지 않아요.</p>",
      TH: "<p>ตั้งรหัสผ่านถอนเงินให้ต่างจากรหัสผ่านเข้าสู่ระบบ ผูกเบอร์มือถือ และห้ามบอกรหัส SMS กับใคร — พนักงานของเราจะไม่ขอรหัสนี้เด็ดขาด</p>",
      UR: "<p>لاگ ان پاس ورڈ سے مختلف نکلوائی کا پاس ورڈ رکھیں، اپنا موبائل نمبر منسلک کریں، اور کبھی SMS کوڈ شیئر نہ کریں — ہمارا عملہ کبھی یہ نہیں مانگے گا۔</p>",
      VI: "<p>Đặt mật khẩu rút tiền khác với mật khẩu đăng nhập, liên kết số điện thoại và không bao giờ chia sẻ mã SMS — nhân viên của chúng tôi sẽ không bao giờ hỏi mã này.</p>",
    },
    publishedAt: "2026-10-25T05:00:00Z",
  },
];

export interface HelpArticleSeed {
  title: Localized;
  content: Localized;
  display?: boolean;
  device?: "WEB" | "MOBILE";
}

export interface HelpCategorySeed {
  tag: string;
  bgColor: string;
  title: Localized;
  content: Localized;
  articles: HelpArticleSeed[];
}

export const helpSeeds: HelpCategorySeed[] = [
  {
    tag: "aboutus",
    bgColor: "#1E88E5",
    title: { EN: "About us", BN: "আমাদের সম্পর্কে" },
    content: { EN: "<p>Who runs WinBazaar and how to reach us.</p>", BN: "<p>WinBazaar কারা চালায় এবং কীভাবে আমাদের সাথে যোগাযোগ করবেন।</p>" },
    articles: [
      {
        title: { EN: "Who we are", BN: "আমরা কারা" },
        content: {
          EN: "<p>WinBazaar is an online casino and sportsbook for players in Bangladesh, with slots, live casino, fishing, card games, lotteries and sports betting in one wallet.</p><p>Everything works in Bengali and English, deposits and withdrawals use local wallets, and customer service answers around the clock.</p>",
          BN: "<p>WinBazaar বাংলাদেশের খেলোয়াড়দের জন্য একটি অনলাইন ক্যাসিনো ও স্পোর্টসবুক — স্লট, লাইভ ক্যাসিনো, ফিশিং, কার্ড গেম, লটারি ও স্পোর্টস বেটিং, সব এক ওয়ালেটে।</p><p>সবকিছু বাংলা ও ইংরেজিতে চলে, ডিপোজিট ও উত্তোলন হয় দেশীয় ওয়ালেটে, আর কাস্টমার সার্ভিস ২৪ ঘণ্টা উত্তর দেয়।</p>",
        },
      },
      {
        title: { EN: "Licence and fair play", BN: "লাইসেন্স ও ন্যায্য খেলা" },
        content: {
          EN: '<p>WinBazaar operates under a Curaçao gaming licence. Game results come from certified random number generators of the game providers, and every game shows its return to player (RTP).</p><p>Read more on the <a href="/about/certification">Certification</a> page.</p>',
          BN: '<p>WinBazaar কুরাসাও গেমিং লাইসেন্সের অধীনে পরিচালিত। গেমের ফলাফল আসে গেম প্রোভাইডারদের সার্টিফায়েড র‍্যান্ডম নম্বর জেনারেটর থেকে, এবং প্রতিটি গেম তার রিটার্ন টু প্লেয়ার (RTP) দেখায়।</p><p>বিস্তারিত <a href="/about/certification">সার্টিফিকেশন</a> পৃষ্ঠায়।</p>',
        },
      },
      {
        title: { EN: "Contact customer service", BN: "কাস্টমার সার্ভিসে যোগাযোগ" },
        content: {
          EN: '<ul><li><b>Live chat</b>: the headset button, 24 hours a day.</li><li><b>Email</b>: support@winbazaar.example, answered within 12 hours.</li><li><b>Feedback</b>: send a complaint with screenshots from <a href="/feedback">Feedback</a>; the reply reaches your inbox.</li></ul><p>Have your username ready; never send your password.</p>',
          BN: '<ul><li><b>লাইভ চ্যাট</b>: হেডসেট বোতাম, ২৪ ঘণ্টা।</li><li><b>ইমেইল</b>: support@winbazaar.example, ১২ ঘণ্টার মধ্যে উত্তর।</li><li><b>মতামত</b>: <a href="/feedback">মতামত</a> থেকে স্ক্রিনশট সহ অভিযোগ পাঠান; উত্তর আপনার ইনবক্সে আসবে।</li></ul><p>আপনার ইউজারনেম হাতে রাখুন; কখনও পাসওয়ার্ড পাঠাবেন না।</p>',
        },
      },
    ],
  },
  {
    tag: "deposit",
    bgColor: "#43A047",
    title: { EN: "Deposit", BN: "ডিপোজিট" },
    content: {
      EN: "<p>Adding money with bKash, Nagad, Rocket, bank transfer or USDT.</p>",
      BN: "<p>বিকাশ, নগদ, রকেট, ব্যাংক ট্রান্সফার বা USDT দিয়ে টাকা যোগ করা।</p>",
    },
    articles: [
      {
        title: { EN: "How to deposit with bKash", BN: "বিকাশ দিয়ে কীভাবে ডিপোজিট করবেন" },
        content: {
          EN: "<ol><li>Open <b>Deposit</b> and choose <b>bKash</b>.</li><li>Pick a channel and enter the amount (minimum ৳200).</li><li>In the bKash app choose <b>Send Money</b> (or Cash Out for agent numbers) to the number shown, for exactly that amount.</li><li>Copy the <b>Transaction ID</b> from the bKash SMS (10 characters, like 9K7A2B3C4D) into the form and submit.</li></ol><p>Deposits are usually credited within 5 minutes. Use the number shown for this deposit only; it can change.</p>",
          BN: "<ol><li><b>ডিপোজিট</b> খুলে <b>বিকাশ</b> বেছে নিন।</li><li>একটি চ্যানেল বেছে পরিমাণ লিখুন (সর্বনিম্ন ৳২০০)।</li><li>বিকাশ অ্যাপে দেখানো নম্বরে ঠিক ওই পরিমাণ <b>সেন্ড মানি</b> করুন (এজেন্ট নম্বর হলে ক্যাশ আউট)।</li><li>বিকাশের SMS থেকে <b>ট্রানজেকশন আইডি</b> (১০ অক্ষর, যেমন 9K7A2B3C4D) ফর্মে লিখে জমা দিন।</li></ol><p>সাধারণত ৫ মিনিটের মধ্যে ডিপোজিট জমা হয়। দেখানো নম্বরটি শুধু এই ডিপোজিটের জন্য ব্যবহার করুন; এটি বদলাতে পারে।</p>",
        },
      },
      {
        title: { EN: "How to deposit with Nagad or Rocket", BN: "নগদ বা রকেট দিয়ে কীভাবে ডিপোজিট করবেন" },
        content: {
          EN: "<p>The steps are the same as for bKash: choose <b>Nagad</b> or <b>Rocket</b> on the deposit page, send the exact amount to the number shown and enter the transaction ID from the confirmation SMS.</p><p>Rocket transaction IDs are 10 digits; Nagad's are 8 characters. Do not add spaces.</p>",
          BN: "<p>ধাপগুলো বিকাশের মতোই: ডিপোজিট পৃষ্ঠায় <b>নগদ</b> বা <b>রকেট</b> বেছে নিন, দেখানো নম্বরে ঠিক পরিমাণ পাঠান এবং নিশ্চিতকরণ SMS থেকে ট্রানজেকশন আইডি লিখুন।</p><p>রকেটের ট্রানজেকশন আইডি ১০ অঙ্কের; নগদের ৮ অক্ষরের। ফাঁকা জায়গা দেবেন না।</p>",
        },
      },
      {
        title: { EN: "My deposit has not arrived", BN: "আমার ডিপোজিট এখনও আসেনি" },
        content: {
          EN: '<p>Most deposits arrive within 5 minutes; during busy hours it can take up to 30. Check <b>Deposit record</b>: <i>Pending</i> means we are matching your payment.</p><p>If it is still pending after 30 minutes, send <a href="/feedback">feedback</a> of type Deposit with a screenshot of the payment SMS or app receipt. Never make the same payment twice.</p>',
          BN: '<p>বেশিরভাগ ডিপোজিট ৫ মিনিটে আসে; ব্যস্ত সময়ে ৩০ মিনিট পর্যন্ত লাগতে পারে। <b>ডিপোজিট রেকর্ড</b> দেখুন: <i>পেন্ডিং</i> মানে আমরা আপনার পেমেন্ট মেলাচ্ছি।</p><p>৩০ মিনিট পরও পেন্ডিং থাকলে পেমেন্টের SMS বা অ্যাপ রসিদের স্ক্রিনশট সহ ডিপোজিট ধরনের <a href="/feedback">মতামত</a> পাঠান। একই পেমেন্ট দুবার করবেন না।</p>',
        },
      },
      {
        title: { EN: "Deposit limits and fees", BN: "ডিপোজিটের সীমা ও ফি" },
        content: {
          EN: "<p>Each channel shows its minimum and maximum on the deposit page (usually ৳200 to ৳25,000 per deposit). WinBazaar charges no deposit fee; your wallet provider's own Send Money or Cash Out charge may apply.</p>",
          BN: "<p>প্রতিটি চ্যানেলের সর্বনিম্ন ও সর্বোচ্চ সীমা ডিপোজিট পৃষ্ঠায় দেখানো থাকে (সাধারণত প্রতি ডিপোজিটে ৳২০০ থেকে ৳২৫,০০০)। WinBazaar কোনো ডিপোজিট ফি নেয় না; আপনার ওয়ালেট প্রোভাইডারের সেন্ড মানি বা ক্যাশ আউট চার্জ প্রযোজ্য হতে পারে।</p>",
        },
      },
    ],
  },
  {
    tag: "withdraw",
    bgColor: "#FB8C00",
    title: { EN: "Withdrawal", BN: "উত্তোলন" },
    content: { EN: "<p>Taking your winnings out safely.</p>", BN: "<p>নিরাপদে আপনার জেতা টাকা তোলা।</p>" },
    articles: [
      {
        title: { EN: "How to withdraw", BN: "কীভাবে উত্তোলন করবেন" },
        content: {
          EN: "<ol><li>Add your bKash, Nagad, Rocket or bank account under <b>Bank cards</b> (in your own name).</li><li>Open <b>Withdraw</b>, choose the account and the amount (৳100 to ৳25,000 per request).</li><li>Enter your withdraw password.</li></ol><p>Most withdrawals are paid within 30 minutes. When the money arrives, confirm it in the withdrawal record.</p>",
          BN: "<ol><li><b>ব্যাংক কার্ড</b>-এ আপনার নিজের নামের বিকাশ, নগদ, রকেট বা ব্যাংক অ্যাকাউন্ট যুক্ত করুন।</li><li><b>উত্তোলন</b> খুলে অ্যাকাউন্ট ও পরিমাণ বেছে নিন (প্রতি অনুরোধে ৳১০০ থেকে ৳২৫,০০০)।</li><li>আপনার উত্তোলন পাসওয়ার্ড দিন।</li></ol><p>বেশিরভাগ উত্তোলন ৩০ মিনিটের মধ্যে পরিশোধ হয়। টাকা পেলে উত্তোলন রেকর্ডে নিশ্চিত করুন।</p>",
        },
      },
      {
        title: { EN: "Setting your withdraw password", BN: "উত্তোলন পাসওয়ার্ড সেট করা" },
        content: {
          EN: "<p>The withdraw password protects your money even if someone learns your login password. Set it once in <b>Security centre → Withdraw password</b>: 6 to 20 characters, different from your login password.</p><p>Ten wrong tries in 15 minutes lock withdrawals for a while. If you forget it, contact customer service to reset it after an identity check.</p>",
          BN: "<p>কেউ আপনার লগইন পাসওয়ার্ড জেনে গেলেও উত্তোলন পাসওয়ার্ড আপনার টাকা রক্ষা করে। <b>সিকিউরিটি সেন্টার → উত্তোলন পাসওয়ার্ড</b>-এ একবার সেট করুন: ৬ থেকে ২০ অক্ষর, লগইন পাসওয়ার্ড থেকে আলাদা।</p><p>১৫ মিনিটে দশবার ভুল দিলে কিছুক্ষণের জন্য উত্তোলন বন্ধ থাকে। ভুলে গেলে পরিচয় যাচাইয়ের পর রিসেট করতে কাস্টমার সার্ভিসে যোগাযোগ করুন।</p>",
        },
      },
      {
        title: { EN: "Why was my withdrawal rejected?", BN: "আমার উত্তোলন কেন প্রত্যাখ্যাত হলো?" },
        content: {
          EN: "<ul><li>The account name does not match your registered name.</li><li>A bonus's turnover is not complete yet.</li><li>The wallet number is wrong or blocked.</li></ul><p>A rejected amount returns to your main wallet at once; the reason is in your inbox.</p>",
          BN: "<ul><li>অ্যাকাউন্টের নাম আপনার নিবন্ধিত নামের সাথে মেলেনি।</li><li>কোনো বোনাসের টার্নওভার এখনও পূর্ণ হয়নি।</li><li>ওয়ালেট নম্বর ভুল বা বন্ধ।</li></ul><p>প্রত্যাখ্যাত পরিমাণ সঙ্গে সঙ্গে আপনার প্রধান ওয়ালেটে ফেরত আসে; কারণ আপনার ইনবক্সে থাকবে।</p>",
        },
      },
      {
        title: { EN: "Verification before your first withdrawal", BN: "প্রথম উত্তোলনের আগে যাচাইকরণ" },
        content: {
          EN: "<p>Before the first withdrawal, bind and verify your mobile number by SMS code. For large amounts our finance team may ask for a photo of your NID to confirm the account is yours; we keep it private and use it only for this check.</p>",
          BN: "<p>প্রথম উত্তোলনের আগে SMS কোড দিয়ে আপনার মোবাইল নম্বর যুক্ত ও যাচাই করুন। বড় অঙ্কের জন্য অ্যাকাউন্টটি আপনার কি না তা নিশ্চিত করতে ফাইন্যান্স টিম আপনার এনআইডির ছবি চাইতে পারে; আমরা তা গোপন রাখি এবং শুধু এই যাচাইয়ে ব্যবহার করি।</p>",
        },
      },
    ],
  },
  {
    tag: "game",
    bgColor: "#8E24AA",
    title: { EN: "Games and bonuses", BN: "গেম ও বোনাস" },
    content: { EN: "<p>Bonuses, turnover and game rules.</p>", BN: "<p>বোনাস, টার্নওভার ও গেমের নিয়ম।</p>" },
    articles: [
      {
        title: { EN: "Bonuses and turnover", BN: "বোনাস ও টার্নওভার" },
        content: {
          EN: "<p>A bonus comes with a <b>turnover</b>: the total you must bet before the bonus and its winnings can be withdrawn. Example: a ৳1,000 bonus with 10× turnover needs ৳10,000 of valid bets.</p><p>Slots count in full; live casino and sports may count less, as each promotion's terms say. See your progress in the reward centre.</p>",
          BN: "<p>প্রতিটি বোনাসের সাথে একটি <b>টার্নওভার</b> থাকে: বোনাস ও তার জয় তোলার আগে মোট যত টাকা বাজি ধরতে হবে। উদাহরণ: ১০× টার্নওভারসহ ৳১,০০০ বোনাসে ৳১০,০০০ বৈধ বাজি লাগে।</p><p>স্লট পুরোপুরি গণনা হয়; লাইভ ক্যাসিনো ও স্পোর্টস কম গণনা হতে পারে, প্রতিটি প্রমোশনের শর্তে যেমন লেখা। রিওয়ার্ড সেন্টারে আপনার অগ্রগতি দেখুন।</p>",
        },
      },
      {
        title: { EN: "A game disconnected during a round", BN: "রাউন্ড চলাকালীন গেম বিচ্ছিন্ন হয়ে গেছে" },
        content: {
          EN: "<p>Every round is settled on the game provider's server, even if your connection drops. Reopen the game to see the result, or check <b>Betting record</b>. If the result looks wrong, send feedback of type Game with the round time.</p>",
          BN: "<p>আপনার সংযোগ বিচ্ছিন্ন হলেও প্রতিটি রাউন্ড গেম প্রোভাইডারের সার্ভারে নিষ্পত্তি হয়। ফলাফল দেখতে গেমটি আবার খুলুন বা <b>বেটিং রেকর্ড</b> দেখুন। ফলাফল ভুল মনে হলে রাউন্ডের সময় সহ গেম ধরনের মতামত পাঠান।</p>",
        },
      },
      {
        title: { EN: "Free play accounts", BN: "ফ্রি প্লে অ্যাকাউন্ট" },
        content: {
          EN: "<p>Free play opens a trial account with ৳2,000 of play credit to try the games. Trial credit cannot be deposited to, withdrawn or moved to a real account.</p>",
          BN: "<p>ফ্রি প্লে গেম চেষ্টা করার জন্য ৳২,০০০ প্লে ক্রেডিটসহ একটি ট্রায়াল অ্যাকাউন্ট খোলে। ট্রায়াল ক্রেডিটে ডিপোজিট, উত্তোলন বা আসল অ্যাকাউন্টে স্থানান্তর করা যায় না।</p>",
        },
        device: "WEB",
      },
      {
        title: { EN: "Playing on your phone", BN: "ফোনে খেলা" },
        content: {
          EN: '<p>Install the app from <a href="/down">App download</a> for faster loading, or add the site to your home screen. Games rotate to landscape where the provider supports it.</p>',
          BN: '<p>দ্রুত লোডের জন্য <a href="/down">অ্যাপ ডাউনলোড</a> থেকে অ্যাপ ইনস্টল করুন, অথবা সাইটটি হোম স্ক্রিনে যোগ করুন। প্রোভাইডার সমর্থন করলে গেম ল্যান্ডস্কেপে ঘোরে।</p>',
        },
        device: "MOBILE",
      },
    ],
  },
  {
    tag: "faqs",
    bgColor: "#E53935",
    title: { EN: "FAQs", BN: "সাধারণ প্রশ্ন" },
    content: { EN: "", BN: "" },
    articles: [
      {
        title: { EN: "How do I keep my account secure?", BN: "আমার অ্যাকাউন্ট কীভাবে নিরাপদ রাখব?" },
        content: {
          EN: "<ul><li>Use a password you use nowhere else, at least 8 characters.</li><li>Bind your mobile number and email in the security centre.</li><li>Never share an SMS code or your password — WinBazaar staff never ask for them.</li><li>Log out on shared phones and computers.</li></ul>",
          BN: "<ul><li>অন্য কোথাও ব্যবহার করেন না এমন, অন্তত ৮ অক্ষরের পাসওয়ার্ড দিন।</li><li>সিকিউরিটি সেন্টারে মোবাইল নম্বর ও ইমেইল যুক্ত করুন।</li><li>কখনও SMS কোড বা পাসওয়ার্ড শেয়ার করবেন না — WinBazaar কর্মীরা কখনও তা চায় না।</li><li>শেয়ার করা ফোন ও কম্পিউটারে লগ আউট করুন।</li></ul>",
        },
      },
      {
        title: { EN: "Responsible gaming tools", BN: "দায়িত্বশীল গেমিং টুল" },
        content: {
          EN: "<p>In <b>Member centre → Responsible gaming</b> you can set daily, weekly or monthly limits on deposits, losses and session time, a reality-check reminder, or exclude yourself for 1 day up to a year. Lowering a limit works at once; raising it waits 24 hours.</p>",
          BN: "<p><b>মেম্বার সেন্টার → দায়িত্বশীল গেমিং</b>-এ ডিপোজিট, লস ও সেশনের সময়ের দৈনিক, সাপ্তাহিক বা মাসিক সীমা, রিয়েলিটি-চেক রিমাইন্ডার, অথবা ১ দিন থেকে এক বছর পর্যন্ত সেলফ-এক্সক্লুশন চালু করা যায়। সীমা কমানো সঙ্গে সঙ্গে কার্যকর হয়; বাড়াতে ২৪ ঘণ্টা লাগে।</p>",
        },
      },
      {
        title: { EN: "I forgot my password", BN: "আমি পাসওয়ার্ড ভুলে গেছি" },
        content: {
          EN: "<p>Choose <b>Forgot password</b> on the login form and reset it with an SMS code to your bound mobile number, or by email if you bound one. Without either, contact customer service.</p>",
          BN: "<p>লগইন ফর্মে <b>পাসওয়ার্ড ভুলে গেছেন</b> বেছে নিন এবং যুক্ত মোবাইল নম্বরে SMS কোড দিয়ে, অথবা ইমেইল যুক্ত থাকলে ইমেইলে রিসেট করুন। কোনোটিই না থাকলে কাস্টমার সার্ভিসে যোগাযোগ করুন।</p>",
        },
      },
      {
        title: { EN: "Can I have more than one account?", BN: "আমি কি একাধিক অ্যাকাউন্ট রাখতে পারি?" },
        content: {
          EN: "<p>No. One account per person, household and device. Duplicate accounts are closed and their bonuses removed.</p>",
          BN: "<p>না। প্রতি ব্যক্তি, পরিবার ও ডিভাইসে একটি অ্যাকাউন্ট। একাধিক অ্যাকাউন্ট বন্ধ করা হয় এবং সেগুলোর বোনাস বাতিল হয়।</p>",
        },
      },
      {
        // An article the operator keeps hidden (display false): never sent.
        title: { EN: "Old welcome offer (ended)", BN: "পুরোনো স্বাগতম অফার (শেষ)" },
        content: { EN: "<p>This offer ended on 31 December 2025.</p>", BN: "<p>এই অফারটি ৩১ ডিসেম্বর ২০২৫-এ শেষ হয়েছে।</p>" },
        display: false,
      },
    ],
  },
];

export interface PageSeed {
  key: string;
  title: Localized;
  content: Localized;
}

export const pageSeeds: PageSeed[] = [
  {
    key: "aboutCompany",
    title: { EN: "About WinBazaar", BN: "WinBazaar সম্পর্কে" },
    content: {
      EN: "<h2>About WinBazaar</h2><p>WinBazaar is an online gaming site made for players in Bangladesh: slots, live casino, fishing, card games, lotteries and sports betting, all with one wallet in taka.</p><p>We pay out quickly through bKash, Nagad, Rocket and bank transfer, speak Bengali and English, and answer customer service around the clock.</p><h3>What we stand for</h3><ul><li>Fair games from licensed providers, with their RTP shown.</li><li>Fast, honest payments.</li><li>Tools that help you play responsibly.</li></ul>",
      BN: "<h2>WinBazaar সম্পর্কে</h2><p>WinBazaar বাংলাদেশের খেলোয়াড়দের জন্য তৈরি একটি অনলাইন গেমিং সাইট: স্লট, লাইভ ক্যাসিনো, ফিশিং, কার্ড গেম, লটারি ও স্পোর্টস বেটিং, সব টাকায় এক ওয়ালেটে।</p><p>আমরা বিকাশ, নগদ, রকেট ও ব্যাংক ট্রান্সফারে দ্রুত পেমেন্ট দিই, বাংলা ও ইংরেজিতে কথা বলি এবং ২৪ ঘণ্টা কাস্টমার সার্ভিস দিই।</p><h3>আমাদের নীতি</h3><ul><li>লাইসেন্সপ্রাপ্ত প্রোভাইডারদের ন্যায্য গেম, RTP সহ।</li><li>দ্রুত ও সৎ পেমেন্ট।</li><li>দায়িত্বের সাথে খেলতে সাহায্যকারী টুল।</li></ul>",
    },
  },
  {
    key: "contactUs",
    title: { EN: "Contact us", BN: "যোগাযোগ করুন" },
    content: {
      EN: '<h2>Contact us</h2><ul><li><b>Live chat</b>: 24 hours a day, from the headset button on every page.</li><li><b>Email</b>: support@winbazaar.example (answered within 12 hours).</li><li><b>Phone</b>: +880 9600-000000 (10:00–22:00 Dhaka time).</li><li><b>Complaints</b>: <a href="/feedback">Feedback</a>, with screenshots.</li></ul><p>For your safety we never ask for your password or SMS codes.</p>',
      BN: '<h2>যোগাযোগ করুন</h2><ul><li><b>লাইভ চ্যাট</b>: ২৪ ঘণ্টা, প্রতিটি পৃষ্ঠার হেডসেট বোতাম থেকে।</li><li><b>ইমেইল</b>: support@winbazaar.example (১২ ঘণ্টার মধ্যে উত্তর)।</li><li><b>ফোন</b>: +880 9600-000000 (ঢাকা সময় ১০:০০–২২:০০)।</li><li><b>অভিযোগ</b>: <a href="/feedback">মতামত</a>, স্ক্রিনশট সহ।</li></ul><p>আপনার নিরাপত্তার জন্য আমরা কখনও পাসওয়ার্ড বা SMS কোড চাই না।</p>',
    },
  },
  {
    key: "terms",
    title: { EN: "General terms and conditions", BN: "সাধারণ শর্তাবলি" },
    content: {
      EN: "<h2>General terms and conditions</h2><ol><li><b>Eligibility.</b> You must be 18 or older and allowed to gamble where you live.</li><li><b>One account.</b> One account per person, household and device; details must be true and in your own name.</li><li><b>Deposits and withdrawals.</b> Payments use accounts in your own name. We may verify your identity before paying out.</li><li><b>Bonuses.</b> Each bonus has its own terms and turnover; abuse voids the bonus and its winnings.</li><li><b>Bets.</b> A bet stands once confirmed. Obvious errors in odds or payouts may be corrected.</li><li><b>Closing.</b> You may close your account at any time; remaining funds are paid out after checks.</li></ol>",
      BN: "<h2>সাধারণ শর্তাবলি</h2><ol><li><b>যোগ্যতা।</b> আপনার বয়স ১৮ বা তার বেশি হতে হবে এবং আপনার এলাকায় জুয়া খেলার অনুমতি থাকতে হবে।</li><li><b>একটি অ্যাকাউন্ট।</b> প্রতি ব্যক্তি, পরিবার ও ডিভাইসে একটি অ্যাকাউন্ট; তথ্য সত্য ও আপনার নিজের নামে হতে হবে।</li><li><b>ডিপোজিট ও উত্তোলন।</b> পেমেন্ট আপনার নিজের নামের অ্যাকাউন্টে হয়। পেমেন্টের আগে আমরা পরিচয় যাচাই করতে পারি।</li><li><b>বোনাস।</b> প্রতিটি বোনাসের নিজস্ব শর্ত ও টার্নওভার আছে; অপব্যবহারে বোনাস ও তার জয় বাতিল হয়।</li><li><b>বাজি।</b> নিশ্চিত হওয়ার পর বাজি বহাল থাকে। অডস বা পেমেন্টে স্পষ্ট ভুল সংশোধন করা হতে পারে।</li><li><b>বন্ধ করা।</b> আপনি যেকোনো সময় অ্যাকাউন্ট বন্ধ করতে পারেন; যাচাইয়ের পর অবশিষ্ট টাকা পরিশোধ করা হয়।</li></ol>",
    },
  },
  {
    key: "responsibleGaming",
    title: { EN: "Responsible gaming", BN: "দায়িত্বশীল গেমিং" },
    content: {
      EN: "<h2>Responsible gaming</h2><p>Gambling should be entertainment, never a way to make money or to win back losses.</p><h3>Warning signs</h3><ul><li>Spending more time or money than you planned.</li><li>Borrowing money or selling things to play.</li><li>Hiding your play from family.</li></ul><h3>Tools</h3><p>In <b>Member centre → Responsible gaming</b>: deposit, loss and session limits; reality-check reminders; self-exclusion from 1 day to 1 year. Under-18s may not play; we close accounts of minors.</p>",
      BN: "<h2>দায়িত্বশীল গেমিং</h2><p>জুয়া হওয়া উচিত বিনোদন, কখনও টাকা আয়ের বা হারানো টাকা ফেরত পাওয়ার উপায় নয়।</p><h3>সতর্ক সংকেত</h3><ul><li>পরিকল্পনার চেয়ে বেশি সময় বা টাকা খরচ করা।</li><li>খেলার জন্য টাকা ধার করা বা জিনিস বিক্রি করা।</li><li>পরিবারের কাছ থেকে খেলা লুকানো।</li></ul><h3>টুল</h3><p><b>মেম্বার সেন্টার → দায়িত্বশীল গেমিং</b>-এ: ডিপোজিট, লস ও সেশনের সীমা; রিয়েলিটি-চেক রিমাইন্ডার; ১ দিন থেকে ১ বছরের সেলফ-এক্সক্লুশন। ১৮ বছরের কম বয়সীরা খেলতে পারে না; অপ্রাপ্তবয়স্কদের অ্যাকাউন্ট বন্ধ করা হয়।</p>",
    },
  },
  {
    key: "privacy",
    title: { EN: "Privacy policy", BN: "গোপনীয়তা নীতি" },
    content: {
      EN: "<h2>Privacy policy</h2><p>We collect what we need to run your account: username, mobile number, email, payment account details, and the device and IP address of your logins.</p><ul><li>We use it to keep your account safe, pay you, meet our licence duties and answer you.</li><li>We never sell your data. Payment providers see only what a payment needs.</li><li>Pictures you send with feedback are seen only by you and our support staff.</li><li>You may ask for a copy of your data or its deletion, within what the law requires us to keep.</li></ul>",
      BN: "<h2>গোপনীয়তা নীতি</h2><p>আপনার অ্যাকাউন্ট চালাতে যা দরকার তা-ই আমরা সংগ্রহ করি: ইউজারনেম, মোবাইল নম্বর, ইমেইল, পেমেন্ট অ্যাকাউন্টের তথ্য এবং লগইনের ডিভাইস ও আইপি ঠিকানা।</p><ul><li>আপনার অ্যাকাউন্ট নিরাপদ রাখা, পেমেন্ট দেওয়া, লাইসেন্সের দায়িত্ব পালন ও আপনাকে উত্তর দিতে আমরা এগুলো ব্যবহার করি।</li><li>আমরা কখনও আপনার তথ্য বিক্রি করি না। পেমেন্ট প্রোভাইডার শুধু পেমেন্টের জন্য প্রয়োজনীয় তথ্য দেখে।</li><li>মতামতের সাথে পাঠানো ছবি শুধু আপনি ও আমাদের সাপোর্ট কর্মীরা দেখেন।</li><li>আইন অনুযায়ী যা রাখতে হয় তার বাইরে আপনি তথ্যের কপি বা মুছে ফেলার অনুরোধ করতে পারেন।</li></ul>",
    },
  },
  {
    key: "affiliates",
    title: { EN: "Affiliates", BN: "অ্যাফিলিয়েট" },
    content: {
      EN: '<h2>Affiliate programme</h2><p>Bring players to WinBazaar and earn a share of the net profit they generate, every month, for as long as they play.</p><ul><li>Commission from 25% up to 45%, by active members and net profit.</li><li>Monthly settlement to your main wallet.</li><li>Your own links, codes and team reports.</li></ul><p>See the tiers and apply on <a href="/join">Join us</a>.</p>',
      BN: '<h2>অ্যাফিলিয়েট প্রোগ্রাম</h2><p>WinBazaar-এ খেলোয়াড় আনুন এবং তারা যতদিন খেলবে, প্রতি মাসে তাদের নেট প্রফিটের একটি অংশ আয় করুন।</p><ul><li>সক্রিয় সদস্য ও নেট প্রফিট অনুযায়ী ২৫% থেকে ৪৫% পর্যন্ত কমিশন।</li><li>প্রতি মাসে আপনার প্রধান ওয়ালেটে নিষ্পত্তি।</li><li>নিজস্ব লিংক, কোড ও টিম রিপোর্ট।</li></ul><p>স্তরগুলো দেখুন ও আবেদন করুন <a href="/join">আমাদের সাথে যুক্ত হোন</a> পৃষ্ঠায়।</p>',
    },
  },
  {
    key: "refund",
    title: { EN: "Refund policy", BN: "ফেরত নীতি" },
    content: {
      EN: "<h2>Refund policy</h2><ul><li>A deposit that cannot be matched to your account is returned to the sending wallet within 3 working days, less the provider's charge.</li><li>A rejected withdrawal returns to your main wallet immediately.</li><li>Bets placed and settled are final; a round voided by a game provider's fault is refunded to your wallet.</li><li>A self-excluded player's remaining balance is paid out on request.</li></ul><p>Ask for a refund through <a href=\"/feedback\">Feedback</a>.</p>",
      BN: '<h2>ফেরত নীতি</h2><ul><li>যে ডিপোজিট আপনার অ্যাকাউন্টের সাথে মেলানো যায় না, তা প্রোভাইডারের চার্জ বাদে ৩ কর্মদিবসের মধ্যে পাঠানো ওয়ালেটে ফেরত যায়।</li><li>প্রত্যাখ্যাত উত্তোলন সঙ্গে সঙ্গে আপনার প্রধান ওয়ালেটে ফেরত আসে।</li><li>ধরা ও নিষ্পত্তি হওয়া বাজি চূড়ান্ত; গেম প্রোভাইডারের ত্রুটিতে বাতিল রাউন্ডের টাকা ওয়ালেটে ফেরত দেওয়া হয়।</li><li>সেলফ-এক্সক্লুডেড খেলোয়াড়ের অবশিষ্ট ব্যালেন্স অনুরোধে পরিশোধ করা হয়।</li></ul><p><a href="/feedback">মতামত</a>-এর মাধ্যমে ফেরতের অনুরোধ করুন।</p>',
    },
  },
  {
    key: "certification",
    title: { EN: "Certification", BN: "সার্টিফিকেশন" },
    content: {
      EN: "<h2>Licence and certification</h2><p>WinBazaar is operated under a gaming licence issued by the Curaçao Gaming Control Board. Our games come from providers whose random number generators are tested by independent laboratories, and each game shows its return to player (RTP).</p><p>Players must be 18 or older. Gambling can be addictive: please play responsibly.</p>",
      BN: "<h2>লাইসেন্স ও সার্টিফিকেশন</h2><p>WinBazaar কুরাসাও গেমিং কন্ট্রোল বোর্ড প্রদত্ত গেমিং লাইসেন্সের অধীনে পরিচালিত। আমাদের গেমগুলো এমন প্রোভাইডারদের, যাদের র‍্যান্ডম নম্বর জেনারেটর স্বাধীন ল্যাবরেটরিতে পরীক্ষিত, এবং প্রতিটি গেম তার রিটার্ন টু প্লেয়ার (RTP) দেখায়।</p><p>খেলোয়াড়দের বয়স ১৮ বা তার বেশি হতে হবে। জুয়া আসক্তিকর হতে পারে: দায়িত্বের সাথে খেলুন।</p>",
    },
  },
  {
    key: "paymentMethods",
    title: { EN: "Payment methods", BN: "পেমেন্ট পদ্ধতি" },
    content: {
      EN: "<h2>Payment methods</h2><table><thead><tr><th>Method</th><th>Deposit</th><th>Withdrawal</th></tr></thead><tbody><tr><td>bKash</td><td>৳200–৳25,000, about 5 minutes</td><td>৳100–৳25,000, about 30 minutes</td></tr><tr><td>Nagad</td><td>৳200–৳25,000, about 5 minutes</td><td>৳100–৳25,000, about 30 minutes</td></tr><tr><td>Rocket</td><td>৳200–৳25,000, about 5 minutes</td><td>৳100–৳25,000, about 30 minutes</td></tr><tr><td>Bank transfer</td><td>৳1,000–৳100,000, within 1 hour</td><td>৳1,000–৳25,000, same working day</td></tr><tr><td>USDT (TRC-20)</td><td>from 10 USDT, after 1 confirmation</td><td>—</td></tr></tbody></table><p>WinBazaar charges no fees; your provider's own charges may apply.</p>",
      BN: "<h2>পেমেন্ট পদ্ধতি</h2><table><thead><tr><th>পদ্ধতি</th><th>ডিপোজিট</th><th>উত্তোলন</th></tr></thead><tbody><tr><td>বিকাশ</td><td>৳২০০–৳২৫,০০০, প্রায় ৫ মিনিট</td><td>৳১০০–৳২৫,০০০, প্রায় ৩০ মিনিট</td></tr><tr><td>নগদ</td><td>৳২০০–৳২৫,০০০, প্রায় ৫ মিনিট</td><td>৳১০০–৳২৫,০০০, প্রায় ৩০ মিনিট</td></tr><tr><td>রকেট</td><td>৳২০০–৳২৫,০০০, প্রায় ৫ মিনিট</td><td>৳১০০–৳২৫,০০০, প্রায় ৩০ মিনিট</td></tr><tr><td>ব্যাংক ট্রান্সফার</td><td>৳১,০০০–৳১,০০,০০০, ১ ঘণ্টার মধ্যে</td><td>৳১,০০০–৳২৫,০০০, একই কর্মদিবসে</td></tr><tr><td>USDT (TRC-20)</td><td>১০ USDT থেকে, ১টি কনফার্মেশনের পর</td><td>—</td></tr></tbody></table><p>WinBazaar কোনো ফি নেয় না; আপনার প্রোভাইডারের নিজস্ব চার্জ প্রযোজ্য হতে পারে।</p>",
    },
  },
  {
    key: "security",
    title: { EN: "Security", BN: "নিরাপত্তা" },
    content: {
      EN: "<h2>Security</h2><ul><li>All traffic is encrypted (HTTPS); login details are additionally encrypted in your browser.</li><li>Passwords are stored only as salted hashes; our staff cannot read them.</li><li>Withdrawals need a separate withdraw password.</li><li>Logins from a new device can require an SMS code.</li><li>Your security events (logins, password changes) are recorded, and you can see your last login in the security centre.</li></ul><p>Report anything suspicious to support@winbazaar.example.</p>",
      BN: "<h2>নিরাপত্তা</h2><ul><li>সব ট্রাফিক এনক্রিপ্ট করা (HTTPS); লগইনের তথ্য আপনার ব্রাউজারে আলাদাভাবে এনক্রিপ্ট করা হয়।</li><li>পাসওয়ার্ড শুধু সল্টেড হ্যাশ হিসেবে রাখা হয়; আমাদের কর্মীরা তা পড়তে পারে না।</li><li>উত্তোলনে আলাদা উত্তোলন পাসওয়ার্ড লাগে।</li><li>নতুন ডিভাইস থেকে লগইনে SMS কোড লাগতে পারে।</li><li>আপনার নিরাপত্তা ঘটনা (লগইন, পাসওয়ার্ড পরিবর্তন) রেকর্ড হয়, এবং সিকিউরিটি সেন্টারে শেষ লগইন দেখা যায়।</li></ul><p>সন্দেহজনক কিছু দেখলে support@winbazaar.example-এ জানান।</p>",
    },
  },
];

/** Commission tiers: a month's active members and net profit (major units) reach a rate (%). */
export const affiliateTierSeeds = [
  { level: 1, activeMembers: 5, netProfit: 0, rate: 25 },
  { level: 2, activeMembers: 15, netProfit: 50_000, rate: 30 },
  { level: 3, activeMembers: 40, netProfit: 200_000, rate: 35 },
  { level: 4, activeMembers: 100, netProfit: 1_000_000, rate: 45 },
];

export const affiliateDescription: Localized = {
  EN: "<p>Earn a share of the net profit of every player you bring to WinBazaar. Each month your tier is set by your <b>active members</b> (players who bet at least ৳1,000 that month) and their <b>net profit</b> (their losses minus bonuses and cashback).</p><ol><li>Apply and get your affiliate link and code.</li><li>Share them: players who register with them join your team.</li><li>On the 1st of every month the commission is paid to your main wallet.</li></ol><p>Negative months carry over to the next month.</p>",
  BN: "<p>WinBazaar-এ আপনার আনা প্রতিটি খেলোয়াড়ের নেট প্রফিটের একটি অংশ আয় করুন। প্রতি মাসে আপনার স্তর ঠিক হয় আপনার <b>সক্রিয় সদস্য</b> (যারা সেই মাসে অন্তত ৳১,০০০ বাজি ধরেছে) এবং তাদের <b>নেট প্রফিট</b> (তাদের লস থেকে বোনাস ও ক্যাশব্যাক বাদে) দিয়ে।</p><ol><li>আবেদন করে আপনার অ্যাফিলিয়েট লিংক ও কোড নিন।</li><li>শেয়ার করুন: যারা এগুলো দিয়ে নিবন্ধন করবে তারা আপনার টিমে যোগ দেবে।</li><li>প্রতি মাসের ১ তারিখে কমিশন আপনার প্রধান ওয়ালেটে জমা হয়।</li></ol><p>ঋণাত্মক মাস পরের মাসে যোগ হয়।</p>",
};
