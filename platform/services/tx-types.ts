import { type Language, type Localized, pick } from "../messages";

// The account record's transaction types (decision 017): each type's id, code, ledger kinds and
// name; OTHER stands for every kind no type names.

export interface TxType {
  id: number;
  code: string;
  kinds: string[];
  name: Localized;
}

export const TX_TYPES: TxType[] = [
  {
    id: 1,
    code: "DEPOSIT",
    kinds: ["deposit"],
    name: { EN: "Deposit", BN: "জমা", CN: "存款", ID: "Deposit", JA: "入金", KO: "입금", TH: "ฝากเงิน", UR: "ڈپازٹ", VI: "Nạp tiền" },
  },
  {
    id: 2,
    code: "WITHDRAW",
    kinds: ["withdraw", "withdraw.hold"],
    name: {
      EN: "Withdrawal",
      BN: "উত্তোলন",
      CN: "取款",
      ID: "Penarikan",
      JA: "出金",
      KO: "출금",
      TH: "ถอนเงิน",
      UR: "وِدڈرا",
      VI: "Rút tiền",
    },
  },
  {
    id: 3,
    code: "WITHDRAW_RETURN",
    kinds: ["withdraw_return", "withdraw.refund"],
    name: {
      EN: "Withdrawal returned",
      BN: "উত্তোলন ফেরত",
      CN: "取款退回",
      ID: "Penarikan dikembalikan",
      JA: "出金の返金",
      KO: "출금 반환",
      TH: "คืนยอดถอนเงิน",
      UR: "وِدڈرا کی واپسی",
      VI: "Hoàn tiền lệnh rút",
    },
  },
  {
    id: 4,
    code: "TRANSFER",
    kinds: ["transfer", "wallet.transfer", "wallet.return"],
    name: {
      EN: "Wallet transfer",
      BN: "ওয়ালেট স্থানান্তর",
      CN: "额度转换",
      ID: "Transfer antar dompet",
      JA: "ウォレット振替",
      KO: "지갑 간 이체",
      TH: "โยกเงินระหว่างกระเป๋า",
      UR: "والیٹ ٹرانسفر",
      VI: "Chuyển quỹ",
    },
  },
  {
    id: 5,
    code: "BET",
    kinds: ["bet"],
    name: { EN: "Bet", BN: "বাজি", CN: "投注", ID: "Taruhan", JA: "ベット", KO: "베팅", TH: "เดิมพัน", UR: "بیٹ", VI: "Cược" },
  },
  {
    id: 6,
    code: "PAYOUT",
    kinds: ["payout"],
    name: { EN: "Win", BN: "জয়", CN: "派彩", ID: "Menang", JA: "配当", KO: "당첨", TH: "ยอดชนะ", UR: "جیت", VI: "Thắng" },
  },
  {
    id: 7,
    code: "PROMOTION",
    kinds: ["promotion"],
    name: {
      EN: "Promotion bonus",
      BN: "প্রোমোশন বোনাস",
      CN: "优惠彩金",
      ID: "Bonus promosi",
      JA: "プロモーションボーナス",
      KO: "이벤트 보너스",
      TH: "โบนัสโปรโมชั่น",
      UR: "پروموشن بونس",
      VI: "Thưởng khuyến mãi",
    },
  },
  {
    id: 8,
    code: "CASHBACK",
    kinds: ["rebate"],
    name: {
      EN: "Cashback",
      BN: "ক্যাশব্যাক",
      CN: "返水",
      ID: "Cashback",
      JA: "キャッシュバック",
      KO: "캐시백",
      TH: "แคชแบ็ก",
      UR: "کیش بیک",
      VI: "Hoàn trả",
    },
  },
  {
    id: 9,
    code: "RAFFLE",
    kinds: ["raffle"],
    name: {
      EN: "Raffle prize",
      BN: "র‍্যাফেল পুরস্কার",
      CN: "抽奖奖金",
      ID: "Hadiah undian",
      JA: "ラッキー抽選の賞金",
      KO: "행운 추첨 당첨금",
      TH: "รางวัลลุ้นโชค",
      UR: "لکی ڈرا انعام",
      VI: "Giải quay thưởng",
    },
  },
  {
    id: 10,
    code: "MISSION",
    kinds: ["mission"],
    name: {
      EN: "Mission reward",
      BN: "মিশন পুরস্কার",
      CN: "任务奖励",
      ID: "Hadiah misi",
      JA: "ミッション報酬",
      KO: "미션 보상",
      TH: "รางวัลภารกิจ",
      UR: "مشن انعام",
      VI: "Thưởng nhiệm vụ",
    },
  },
  {
    id: 11,
    code: "UPLINE_TRANSFER",
    kinds: ["upline_transfer", "upline.transfer", "agent.transfer.up"],
    name: {
      EN: "Transfer to upline",
      BN: "আপলাইনে স্থানান্তর",
      CN: "转账给上级",
      ID: "Transfer ke upline",
      JA: "上位エージェントへ送金",
      KO: "상위 총판에게 이체",
      TH: "โอนให้อัปไลน์",
      UR: "اپ لائن کو ٹرانسفر",
      VI: "Chuyển tiền cho tuyến trên",
    },
  },
  {
    id: 12,
    code: "ADJUSTMENT",
    kinds: ["credit", "seed"],
    name: {
      EN: "Adjustment",
      BN: "সমন্বয়",
      CN: "余额调整",
      ID: "Penyesuaian",
      JA: "残高調整",
      KO: "잔액 조정",
      TH: "ปรับยอด",
      UR: "ایڈجسٹمنٹ",
      VI: "Điều chỉnh",
    },
  },
  // The agent centre (decision 025): transfers to a downline, and contract income paid by settlement.
  {
    id: 13,
    code: "DOWNLINE_TRANSFER",
    kinds: ["agent.transfer.down"],
    name: {
      EN: "Transfer to downline",
      BN: "ডাউনলাইনে স্থানান্তর",
      CN: "转账给下级",
      ID: "Transfer ke downline",
      JA: "ダウンラインへ送金",
      KO: "하위 계정에게 이체",
      TH: "โอนให้ดาวน์ไลน์",
      UR: "ڈاؤن لائن کو ٹرانسفر",
      VI: "Chuyển tiền cho tuyến dưới",
    },
  },
  {
    id: 14,
    code: "DIVIDEND",
    kinds: ["agent.dividend"],
    name: {
      EN: "Agent dividend",
      BN: "এজেন্ট ডিভিডেন্ড",
      CN: "代理分红",
      ID: "Dividen agen",
      JA: "エージェント配当",
      KO: "총판 배당",
      TH: "เงินปันผลเอเย่นต์",
      UR: "ایجنٹ ڈیویڈنڈ",
      VI: "Cổ tức đại lý",
    },
  },
  {
    id: 15,
    code: "DAILY_SALARY",
    kinds: ["agent.salary.daily"],
    name: {
      EN: "Daily salary",
      BN: "দৈনিক বেতন",
      CN: "日工资",
      ID: "Gaji harian",
      JA: "日給",
      KO: "일급",
      TH: "เงินเดือนรายวัน",
      UR: "یومیہ تنخواہ",
      VI: "Lương ngày",
    },
  },
  {
    id: 16,
    code: "HOURLY_SALARY",
    kinds: ["agent.salary.hourly"],
    name: {
      EN: "Hourly salary",
      BN: "ঘণ্টাভিত্তিক বেতন",
      CN: "时薪",
      ID: "Gaji per jam",
      JA: "時給",
      KO: "시급",
      TH: "เงินเดือนรายชั่วโมง",
      UR: "فی گھنٹہ تنخواہ",
      VI: "Lương giờ",
    },
  },
  {
    id: 17,
    code: "REALTIME_SALARY",
    kinds: ["agent.salary.realtime"],
    name: {
      EN: "Real-time salary",
      BN: "রিয়েল-টাইম বেতন",
      CN: "实时工资",
      ID: "Gaji real-time",
      JA: "リアルタイム給与",
      KO: "실시간 급여",
      TH: "เงินเดือนเรียลไทม์",
      UR: "ریئل ٹائم تنخواہ",
      VI: "Lương thời gian thực",
    },
  },
  // The point mall (decision 027): a BONUS reward approved, or points converted to cash.
  {
    id: 18,
    code: "POINTS",
    kinds: ["points"],
    name: {
      EN: "Points",
      BN: "পয়েন্ট",
      CN: "积分",
      ID: "Poin",
      JA: "ポイント",
      KO: "포인트",
      TH: "คะแนน",
      UR: "پوائنٹس",
      VI: "Điểm thưởng",
    },
  },
  {
    id: 99,
    code: "OTHER",
    kinds: [],
    name: { EN: "Other", BN: "অন্যান্য", CN: "其他", ID: "Lainnya", JA: "その他", KO: "기타", TH: "อื่นๆ", UR: "دیگر", VI: "Khác" },
  },
];

const OTHER = TX_TYPES.find((t) => t.code === "OTHER")!;
export const KNOWN_KINDS = TX_TYPES.flatMap((t) => t.kinds);

export function txTypeOfKind(kind: string): TxType {
  return TX_TYPES.find((t) => t.kinds.includes(kind)) ?? OTHER;
}

/** A code (BET) or id (5), case-insensitive; undefined when unknown. */
export function findTxType(value: string): TxType | undefined {
  const v = value.trim().toUpperCase();
  return TX_TYPES.find((t) => t.code === v || String(t.id) === v);
}

export function txCodeList(lang: Language) {
  return { list: TX_TYPES.map((t) => ({ txTypeId: t.id, txType: t.code, txTypeName: pick(t.name, lang) })) };
}

/** Ledger kinds of a set of types; OTHER stands for every kind not named by a type. */
export function kindFilter(types: TxType[]): { kinds: string[]; other: boolean } {
  return { kinds: types.flatMap((t) => t.kinds), other: types.some((t) => t.code === "OTHER") };
}
