import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type Language, type Localized, pick } from "../messages";
import { iso, type Page, paged } from "./money-common";

// The member inbox (decision 016): notifications of the money flows, operator announcements and
// welcome messages. Texts are rendered in every language when written; the reader's Language
// header picks one.

export type NotificationKind = "DEPOSIT_CREDITED" | "DEPOSIT_FAILED" | "WITHDRAWAL_APPROVED" | "WITHDRAWAL_REJECTED";
export type MessageKind = NotificationKind | "ANNOUNCEMENT" | "WELCOME";

/** SPEC point 3: the four notifications, each with two placeholders ({amount} and {id}). */
export const NOTIFICATION_TEMPLATES: Record<NotificationKind, { title: Localized; content: Localized }> = {
  DEPOSIT_CREDITED: {
    title: { EN: "Deposit credited", BN: "ডিপোজিট জমা হয়েছে" },
    content: {
      EN: "Your deposit of {amount} (no. {id}) has been credited to your main wallet.",
      BN: "আপনার {amount} ডিপোজিট (নং {id}) আপনার প্রধান ওয়ালেটে জমা হয়েছে।",
    },
  },
  DEPOSIT_FAILED: {
    title: { EN: "Deposit failed", BN: "ডিপোজিট ব্যর্থ হয়েছে" },
    content: {
      EN: "Your deposit of {amount} (no. {id}) could not be confirmed and was not credited.",
      BN: "আপনার {amount} ডিপোজিট (নং {id}) নিশ্চিত করা যায়নি এবং জমা হয়নি।",
    },
  },
  WITHDRAWAL_APPROVED: {
    title: { EN: "Withdrawal approved", BN: "উত্তোলন অনুমোদিত হয়েছে" },
    content: {
      EN: "Your withdrawal of {amount} (no. {id}) has been paid out. Please confirm when you receive it.",
      BN: "আপনার {amount} উত্তোলন (নং {id}) পরিশোধ করা হয়েছে। পেয়ে গেলে অনুগ্রহ করে নিশ্চিত করুন।",
    },
  },
  WITHDRAWAL_REJECTED: {
    title: { EN: "Withdrawal rejected", BN: "উত্তোলন প্রত্যাখ্যাত হয়েছে" },
    content: {
      EN: "Your withdrawal of {amount} (no. {id}) was rejected; the amount is back in your main wallet.",
      BN: "আপনার {amount} উত্তোলন (নং {id}) প্রত্যাখ্যাত হয়েছে; পরিমাণটি আপনার প্রধান ওয়ালেটে ফেরত এসেছে।",
    },
  },
};

const fill = (text: Localized, vars: Record<string, string | number>): Localized =>
  Object.fromEntries(Object.entries(text).map(([lang, t]) => [lang, (t ?? "").replace(/\{(\w+)\}/g, (w, n: string) => (n in vars ? String(vars[n]) : w))])) as Localized;

export interface NoticeText {
  title: Localized;
  content: Localized;
}

/**
 * Writes one message to a member's inbox, inside the caller's transaction. A notification kind
 * uses its template with vars {amount, id}; ANNOUNCEMENT and WELCOME take their text in `text`.
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
  const [row] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND read_at IS NULL", [memberId]);
  return Number(row?.n ?? 0);
}

export async function listMessages(sql: Sql, memberId: number, page: Page, lang: Language) {
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
  const rows = await sql.query("UPDATE member_messages SET read_at = coalesce(read_at, $3) WHERE id = $1 AND member_id = $2 RETURNING id", [id, memberId, now]);
  if (rows.length === 0) throw new PlatformError("message.not.found", "message.not.found");
  return { unread: await unreadCount(sql, memberId) };
}

export async function readAllMessages(sql: Sql, memberId: number, now: Date): Promise<{ unread: number }> {
  await sql.query("UPDATE member_messages SET read_at = $2 WHERE member_id = $1 AND read_at IS NULL", [memberId, now]);
  return { unread: 0 };
}
