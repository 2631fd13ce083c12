import { createHash } from "node:crypto";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import type { Localized } from "../messages";
import { notify } from "./inbox";
import { type Merchant, settingNumber } from "./merchants";
import type { Paging } from "./periods";
import { decodeProof, type ProofImage } from "./withdrawals";

// Feedback and complaints (FEEDBACK3, decision 026): a member's or a visitor's message with up to
// three pictures, the member's list with the operator's replies, and the operator's side.

export const QUESTION_TYPES = ["DEPOSIT", "WITHDRAW", "GAME", "SERVICE", "APPLY", "OTHER"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const MAX_FEEDBACK_IMAGES = 3;
/** base64 of 5 MB is about 7.0 million characters: longer strings are refused before decoding. */
const MAX_IMAGE_TEXT = 7_100_000;

export interface FeedbackInput {
  requestId: string;
  questionType: QuestionType;
  content: string;
  images: string[];
}

export interface FeedbackActor {
  merchant: Merchant;
  /** null: a visitor (no token). */
  memberId: number | null;
  ip: string;
  now: Date;
}

/** The merchant's bounds of the content, in characters (settings feedbackMinLength / MaxLength). */
export function feedbackBounds(merchant: Merchant): { min: number; max: number } {
  const min = Math.max(1, Math.floor(settingNumber(merchant, "feedbackMinLength", 10)));
  const max = Math.max(min, Math.floor(settingNumber(merchant, "feedbackMaxLength", 500)));
  return { min, max };
}

/** A picture as a data URL or bare base64; PNG or JPEG by its bytes, at most 5 MB (decodeProof). */
export function decodePicture(text: string): ProofImage | null {
  const value = text.trim();
  if (value.length === 0 || value.length > MAX_IMAGE_TEXT) return null;
  // decodeProof reads the type from the bytes, so the bare form borrows any image prefix.
  return decodeProof(value.startsWith("data:") ? value : `data:image/png;base64,${value}`);
}

const uploadInvalid = () => new PlatformError("upload.invalid", "upload.invalid", 200, { vars: { count: MAX_FEEDBACK_IMAGES, size: 5 } });

const imageUrl = (feedbackId: number, n: number) => `/media/feedback/${feedbackId}/${n}`;

/** PUT /wps/feedback → {feedbackId, status: "OPEN"}; the same requestId and content answer it again. */
export async function submitFeedback(db: Db, actor: FeedbackActor, input: FeedbackInput) {
  const content = input.content.trim();
  const { min, max } = feedbackBounds(actor.merchant);
  const length = [...content].length;
  if (length < min || length > max)
    throw new PlatformError("feedback.content.length", "feedback.content.length", 200, { vars: { min, max } });
  if (input.images.length > MAX_FEEDBACK_IMAGES) throw uploadInvalid();
  const pictures = input.images.map(decodePicture);
  if (pictures.some((p) => p === null)) throw uploadInvalid();
  const images = pictures as ProofImage[];
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([input.questionType, content, images.map((p) => createHash("sha256").update(p.data).digest("hex"))]))
    .digest("hex");
  const merchant = actor.merchant.code;
  return db.tx(async (sql) => {
    // A twin request waits on the unique index here, then finds the first one's row.
    const [created] = await sql.query<{ id: number }>(
      `INSERT INTO feedback (merchant, member_id, request_id, fingerprint, question_type, content, ip, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (merchant, coalesce(member_id, 0), request_id) DO NOTHING RETURNING id`,
      [merchant, actor.memberId, input.requestId, fingerprint, input.questionType, content, actor.ip.slice(0, 64), actor.now],
    );
    if (!created) {
      const [seen] = await sql.query<{ id: number; fingerprint: string }>(
        "SELECT id, fingerprint FROM feedback WHERE merchant = $1 AND coalesce(member_id, 0) = $2 AND request_id = $3",
        [merchant, actor.memberId ?? 0, input.requestId],
      );
      if (!seen || seen.fingerprint !== fingerprint) throw new PlatformError("idempotency.conflict", "idempotency.conflict");
      return { feedbackId: Number(seen.id), status: "OPEN" as const, replayed: true };
    }
    for (const [index, image] of images.entries()) {
      await sql.query("INSERT INTO feedback_images (feedback_id, n, mime, data) VALUES ($1, $2, $3, $4)", [
        created.id,
        index + 1,
        image.mime,
        new Uint8Array(image.data),
      ]);
    }
    return { feedbackId: Number(created.id), status: "OPEN" as const };
  });
}

interface FeedbackRow {
  id: number;
  question_type: QuestionType;
  content: string;
  status: "OPEN" | "REPLIED" | "CLOSED";
  created_at: Date;
  images: number;
}

/** MCSFE_getFeedbackList: the member's feedback, newest first, with the replies oldest first. */
export async function feedbackList(sql: Sql, merchant: string, memberId: number, paging: Paging) {
  const [count] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM feedback WHERE merchant = $1 AND member_id = $2", [
    merchant,
    memberId,
  ]);
  const rows = await sql.query<FeedbackRow>(
    `SELECT f.id, f.question_type, f.content, f.status, f.created_at,
            (SELECT count(*)::int FROM feedback_images i WHERE i.feedback_id = f.id) AS images
       FROM feedback f WHERE f.merchant = $1 AND f.member_id = $2
      ORDER BY f.created_at DESC, f.id DESC LIMIT $3 OFFSET $4`,
    [merchant, memberId, paging.pageSize, (paging.pageNo - 1) * paging.pageSize],
  );
  const ids = rows.map((r) => Number(r.id));
  const replies = ids.length
    ? await sql.query<{ feedback_id: number; content: string; created_at: Date }>(
        "SELECT feedback_id, content, created_at FROM feedback_replies WHERE feedback_id = ANY($1::bigint[]) ORDER BY created_at, id",
        [ids],
      )
    : [];
  const total = Number(count?.n ?? 0);
  return {
    list: rows.map((r) => {
      const id = Number(r.id);
      return {
        feedbackId: id,
        questionType: r.question_type,
        content: r.content,
        images: Array.from({ length: Number(r.images) }, (_, i) => imageUrl(id, i + 1)),
        status: r.status,
        time: new Date(r.created_at).getTime(),
        replies: replies
          .filter((x) => Number(x.feedback_id) === id)
          .map((x) => ({ content: x.content, time: new Date(x.created_at).getTime() })),
      };
    }),
    total,
    totalPages: Math.ceil(total / paging.pageSize),
  };
}

/** A picture of a feedback for its owner only: null for anyone else or no such picture. */
export async function feedbackImage(sql: Sql, merchant: string, memberId: number, feedbackId: number, n: number) {
  const [row] = await sql.query<{ mime: string; data: Uint8Array }>(
    `SELECT i.mime, i.data FROM feedback_images i JOIN feedback f ON f.id = i.feedback_id
      WHERE f.id = $1 AND i.n = $2 AND f.merchant = $3 AND f.member_id = $4`,
    [feedbackId, n, merchant, memberId],
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Operator side (operator-content.ts)

export class FeedbackRefused extends Error {}

export async function listFeedbackForOperator(sql: Sql, merchant: string, openOnly: boolean) {
  const rows = await sql.query<{
    id: number;
    username: string | null;
    question_type: string;
    content: string;
    status: string;
    created_at: Date;
    images: number;
    replies: number;
  }>(
    `SELECT f.id, m.username, f.question_type, f.content, f.status, f.created_at,
            (SELECT count(*)::int FROM feedback_images i WHERE i.feedback_id = f.id) AS images,
            (SELECT count(*)::int FROM feedback_replies r WHERE r.feedback_id = f.id) AS replies
       FROM feedback f LEFT JOIN members m ON m.id = f.member_id
      WHERE f.merchant = $1 AND (NOT $2 OR f.status = 'OPEN')
      ORDER BY f.created_at DESC, f.id DESC LIMIT 200`,
    [merchant, openOnly],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    from: r.username ?? "(visitor)",
    questionType: r.question_type,
    status: r.status,
    images: Number(r.images),
    replies: Number(r.replies),
    time: new Date(r.created_at).toISOString(),
    content: r.content,
  }));
}

const REPLY_TITLE: Localized = {
  EN: "Reply to your feedback no. {id}",
  BN: "আপনার মতামত নং {id}-এর উত্তর",
};

/** Stores the reply (status REPLIED) and, for a member's feedback, puts it into the member's inbox. */
export async function replyToFeedback(db: Db, merchant: string, id: number, text: string, now: Date) {
  const reply = text.trim();
  if (!reply) throw new FeedbackRefused("The reply is empty.");
  if ([...reply].length > 2000) throw new FeedbackRefused("A reply is at most 2,000 characters.");
  return db.tx(async (sql) => {
    const [row] = await sql.query<{ member_id: number | null; status: string }>(
      "SELECT member_id, status FROM feedback WHERE id = $1 AND merchant = $2 FOR UPDATE",
      [id, merchant],
    );
    if (!row) throw new FeedbackRefused(`No feedback ${id} at merchant "${merchant}".`);
    if (row.status === "CLOSED") throw new FeedbackRefused(`Feedback ${id} is closed.`);
    await sql.query("INSERT INTO feedback_replies (feedback_id, content, created_at) VALUES ($1, $2, $3)", [id, reply, now]);
    await sql.query("UPDATE feedback SET status = 'REPLIED', updated_at = $2 WHERE id = $1", [id, now]);
    const inboxMessage =
      row.member_id === null
        ? null
        : await notify(sql, merchant, Number(row.member_id), "FEEDBACK_REPLY", { id }, now, { title: REPLY_TITLE, content: { EN: reply } });
    return { id, status: "REPLIED", inboxMessage };
  });
}

export async function closeFeedback(db: Db, merchant: string, id: number, now: Date) {
  const rows = await db.query<{ id: number }>(
    "UPDATE feedback SET status = 'CLOSED', updated_at = $3 WHERE id = $1 AND merchant = $2 RETURNING id",
    [id, merchant, now],
  );
  if (!rows.length) throw new FeedbackRefused(`No feedback ${id} at merchant "${merchant}".`);
  return { id, status: "CLOSED" };
}
