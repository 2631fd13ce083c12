import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type Language, type Localized, pick } from "../messages";
import { iso, paged } from "./money-common";
import type { Paging } from "./periods";

// The member inbox (decision 016): notifications of the money flows, operator announcements and
// welcome messages. Texts are rendered in every language when written; the reader's Language
// header picks one.

export type NotificationKind = "DEPOSIT_CREDITED" | "DEPOSIT_FAILED" | "WITHDRAWAL_APPROVED" | "WITHDRAWAL_REJECTED";
/** Agent-centre messages (decision 025): contract moves, income paid, transfers up and down. */
export type AgentMessageKind = "AGENT_CONTRACT" | "AGENT_INCOME" | "AGENT_TRANSFER";
export type MessageKind = NotificationKind | AgentMessageKind | "ANNOUNCEMENT" | "WELCOME" | "FEEDBACK_REPLY" | "POINTS" | "PROMOTION";

/** docs/SPEC.md point 3: the four notifications, each with two placeholders ({amount} and {id}). */
export const NOTIFICATION_TEMPLATES: Record<NotificationKind, { title: Localized; content: Localized }> = {
  DEPOSIT_CREDITED: {
    title: {
      EN: "Deposit credited",
      BN: "ডিপোজিট জমা হয়েছে",
      CN: "存款已到账",
      ID: "Deposit berhasil",
      JA: "入金が反映されました",
      KO: "입금 완료",
      TH: "ฝากเงินสำเร็จ",
      UR: "ڈپازٹ جمع ہو گیا",
      VI: "Nạp tiền thành công",
    },
    content: {
      EN: "Your deposit of {amount} (no. {id}) has been credited to your main wallet.",
      BN: "আপনার {amount} ডিপোজিট (নং {id}) আপনার প্রধান ওয়ালেটে জমা হয়েছে।",
      CN: "您的存款{amount}（单号{id}）已存入中心钱包。",
      ID: "Deposit Anda sebesar {amount} (no. {id}) sudah masuk ke dompet utama Anda.",
      JA: "{amount}の入金（番号 {id}）がメインウォレットに反映されました。",
      KO: "{amount} 입금(번호 {id})이 메인 지갑에 반영됐어요.",
      TH: "ยอดฝาก {amount} (เลขที่ {id}) เข้ากระเป๋าหลักของคุณแล้ว",
      UR: "آپ کا {amount} کا ڈپازٹ (نمبر {id}) آپ کے مین والیٹ میں جمع ہو گیا ہے۔",
      VI: "Lệnh nạp {amount} (mã {id}) đã được cộng vào ví chính của bạn.",
    },
  },
  DEPOSIT_FAILED: {
    title: {
      EN: "Deposit failed",
      BN: "ডিপোজিট ব্যর্থ হয়েছে",
      CN: "存款失败",
      ID: "Deposit gagal",
      JA: "入金に失敗しました",
      KO: "입금 실패",
      TH: "ฝากเงินไม่สำเร็จ",
      UR: "ڈپازٹ ناکام ہو گیا",
      VI: "Nạp tiền thất bại",
    },
    content: {
      EN: "Your deposit of {amount} (no. {id}) could not be confirmed and was not credited.",
      BN: "আপনার {amount} ডিপোজিট (নং {id}) নিশ্চিত করা যায়নি এবং জমা হয়নি।",
      CN: "您的存款{amount}（单号{id}）未能确认，款项未到账。",
      ID: "Deposit Anda sebesar {amount} (no. {id}) tidak dapat dikonfirmasi sehingga tidak masuk ke saldo Anda.",
      JA: "{amount}の入金（番号 {id}）は確認できなかったため、反映されていません。",
      KO: "{amount} 입금(번호 {id})을 확인하지 못해 반영되지 않았어요.",
      TH: "ไม่สามารถยืนยันยอดฝาก {amount} (เลขที่ {id}) ได้ ยอดเงินจึงไม่เข้ากระเป๋า",
      UR: "آپ کے {amount} کے ڈپازٹ (نمبر {id}) کی تصدیق نہیں ہو سکی، اس لیے رقم جمع نہیں ہوئی۔",
      VI: "Lệnh nạp {amount} (mã {id}) không được xác nhận nên chưa được cộng tiền.",
    },
  },
  WITHDRAWAL_APPROVED: {
    title: {
      EN: "Withdrawal approved",
      BN: "উত্তোলন অনুমোদিত হয়েছে",
      CN: "取款审核通过",
      ID: "Penarikan disetujui",
      JA: "出金が承認されました",
      KO: "출금 승인",
      TH: "อนุมัติการถอนเงินแล้ว",
      UR: "وِدڈرا منظور ہو گیا",
      VI: "Lệnh rút đã được duyệt",
    },
    content: {
      EN: "Your withdrawal of {amount} (no. {id}) has been paid out. Please confirm when you receive it.",
      BN: "আপনার {amount} উত্তোলন (নং {id}) পরিশোধ করা হয়েছে। পেয়ে গেলে অনুগ্রহ করে নিশ্চিত করুন।",
      CN: "您的取款{amount}（单号{id}）已出款，收到后请确认。",
      ID: "Penarikan Anda sebesar {amount} (no. {id}) sudah dibayarkan. Silakan konfirmasi setelah Anda menerimanya.",
      JA: "{amount}の出金（番号 {id}）の支払いが完了しました。お受け取り後、確認をお願いします。",
      KO: "{amount} 출금(번호 {id})이 지급됐어요. 받으면 확인해 주세요.",
      TH: "รายการถอน {amount} (เลขที่ {id}) จ่ายแล้ว เมื่อได้รับเงินกรุณากดยืนยัน",
      UR: "آپ کا {amount} کا وِدڈرا (نمبر {id}) ادا کر دیا گیا ہے۔ رقم ملنے پر براہ کرم تصدیق کریں۔",
      VI: "Lệnh rút {amount} (mã {id}) đã được chi trả. Vui lòng xác nhận khi bạn nhận được tiền.",
    },
  },
  WITHDRAWAL_REJECTED: {
    title: {
      EN: "Withdrawal rejected",
      BN: "উত্তোলন প্রত্যাখ্যাত হয়েছে",
      CN: "取款被拒绝",
      ID: "Penarikan ditolak",
      JA: "出金が却下されました",
      KO: "출금 거절",
      TH: "การถอนเงินถูกปฏิเสธ",
      UR: "وِدڈرا مسترد ہو گیا",
      VI: "Lệnh rút bị từ chối",
    },
    content: {
      EN: "Your withdrawal of {amount} (no. {id}) was rejected; the amount is back in your main wallet.",
      BN: "আপনার {amount} উত্তোলন (নং {id}) প্রত্যাখ্যাত হয়েছে; পরিমাণটি আপনার প্রধান ওয়ালেটে ফেরত এসেছে।",
      CN: "您的取款{amount}（单号{id}）已被拒绝，款项已退回中心钱包。",
      ID: "Penarikan Anda sebesar {amount} (no. {id}) ditolak; dana sudah kembali ke dompet utama Anda.",
      JA: "{amount}の出金（番号 {id}）は却下されました。金額はメインウォレットに戻っています。",
      KO: "{amount} 출금(번호 {id})이 거절됐어요. 금액은 메인 지갑으로 돌아왔어요.",
      TH: "รายการถอน {amount} (เลขที่ {id}) ถูกปฏิเสธ ยอดเงินคืนเข้ากระเป๋าหลักแล้ว",
      UR: "آپ کا {amount} کا وِدڈرا (نمبر {id}) مسترد کر دیا گیا؛ رقم آپ کے مین والیٹ میں واپس آ گئی ہے۔",
      VI: "Lệnh rút {amount} (mã {id}) bị từ chối; số tiền đã được hoàn về ví chính của bạn.",
    },
  },
};

const fill = (text: Localized, vars: Record<string, string | number>): Localized =>
  Object.fromEntries(
    Object.entries(text).map(([lang, t]) => [lang, (t ?? "").replace(/\{(\w+)\}/g, (w, n: string) => (n in vars ? String(vars[n]) : w))]),
  ) as Localized;

export interface NoticeText {
  title: Localized;
  content: Localized;
}

/**
 * Writes one message to a member's inbox, inside the caller's transaction. A notification kind
 * uses its template with vars {amount, id}; ANNOUNCEMENT, WELCOME and FEEDBACK_REPLY take their text
 * in `text` (its {placeholders} filled from vars too).
 */
export async function notify(
  sql: Sql,
  merchant: string,
  memberId: number,
  kind: MessageKind,
  vars: Record<string, string | number>,
  now?: Date,
  text?: NoticeText,
): Promise<number> {
  const template = kind in NOTIFICATION_TEMPLATES ? NOTIFICATION_TEMPLATES[kind as NotificationKind] : text;
  if (!template) throw new Error(`a ${kind} message needs its text`);
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO member_messages (merchant, member_id, kind, title, content, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [merchant, memberId, kind, JSON.stringify(fill(template.title, vars)), JSON.stringify(fill(template.content, vars)), now ?? new Date()],
  );
  return row!.id;
}

/** An operator announcement to one member, or to every real member of the merchant (memberId null). */
export async function announce(sql: Sql, merchant: string, memberId: number | null, text: NoticeText, now: Date): Promise<number> {
  const rows = await sql.query<{ id: number }>(
    `INSERT INTO member_messages (merchant, member_id, kind, title, content, created_at)
     SELECT $1, m.id, 'ANNOUNCEMENT', $3, $4, $5 FROM members m
      WHERE m.merchant = $1 AND m.account_type <> 4 AND ($2::bigint IS NULL OR m.id = $2)
     RETURNING id`,
    [merchant, memberId, JSON.stringify(text.title), JSON.stringify(text.content), now],
  );
  return rows.length;
}

export async function unreadCount(sql: Sql, memberId: number): Promise<number> {
  const [row] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND read_at IS NULL", [
    memberId,
  ]);
  return Number(row?.n ?? 0);
}

export async function listMessages(sql: Sql, memberId: number, page: Paging, lang: Language) {
  const [count] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1", [memberId]);
  const rows = await sql.query<{ id: number; kind: string; title: Localized; content: Localized; created_at: Date; read_at: Date | null }>(
    `SELECT id, kind, title, content, created_at, read_at FROM member_messages
      WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [memberId, page.pageSize, (page.pageNo - 1) * page.pageSize],
  );
  const list = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: pick(r.title, lang),
    content: pick(r.content, lang),
    time: iso(r.created_at),
    read: r.read_at !== null,
  }));
  return paged(list, Number(count?.n ?? 0), page);
}

export async function readMessage(sql: Sql, memberId: number, id: number, now: Date): Promise<{ unread: number }> {
  const rows = await sql.query("UPDATE member_messages SET read_at = coalesce(read_at, $3) WHERE id = $1 AND member_id = $2 RETURNING id", [
    id,
    memberId,
    now,
  ]);
  if (rows.length === 0) throw new PlatformError("message.not.found", "message.not.found");
  return { unread: await unreadCount(sql, memberId) };
}

export async function readAllMessages(sql: Sql, memberId: number, now: Date): Promise<{ unread: number }> {
  await sql.query("UPDATE member_messages SET read_at = $2 WHERE member_id = $1 AND read_at IS NULL", [memberId, now]);
  return { unread: 0 };
}
