import { createHash } from "node:crypto";
import { z } from "zod";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { TRIAL_ACCOUNT } from "./members";

// A member's writes answer once per requestId (decisions 016 and 017): the same requestId with the
// same content answers what the first attempt answered, without doing it again; with other content,
// idempotency.conflict. A refused attempt stores nothing, so it may be sent again.

export const REQUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;
export const requestIdSchema = z.string().regex(REQUEST_ID);

/** Trial (free-play) accounts move no money and change no settings. */
export function refuseTrial(member: { accountType: number }): void {
  if (member.accountType === TRIAL_ACCOUNT) throw new PlatformError("trial.not.allowed", "trial.not.allowed");
}

/** "The same content": a hash of the call and its content (for a call, `fingerprintOf([call, content])`). */
export function fingerprintOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

export const conflict = () => new PlatformError("idempotency.conflict", "idempotency.conflict");

/**
 * Where answers are kept: `reward_requests` (the member centre's money and contract moves, with the
 * action) and `player_requests` (settings and the agent's registrations).
 */
export type RequestStore = "reward_requests" | "player_requests";

/** The stored answer under this requestId, if any, with the fingerprint of its content. */
export async function storedAnswer<T>(
  sql: Sql,
  store: RequestStore,
  memberId: number,
  requestId: string,
): Promise<{ fingerprint: string; answer: T } | null> {
  const [row] =
    store === "reward_requests"
      ? await sql.query<{ fingerprint: string; answer: T }>(
          "SELECT fingerprint, result AS answer FROM reward_requests WHERE member_id = $1 AND request_id = $2",
          [memberId, requestId],
        )
      : await sql.query<{ fingerprint: string; answer: T }>(
          "SELECT body_hash AS fingerprint, answer FROM player_requests WHERE member_id = $1 AND request_id = $2",
          [memberId, requestId],
        );
  return row ?? null;
}

/** Keeps a write's answer under its requestId, in the transaction that did the write. */
export async function storeAnswer(
  sql: Sql,
  store: RequestStore,
  row: { memberId: number; requestId: string; action: string; fingerprint: string; answer: unknown; now: Date },
) {
  if (store === "reward_requests") {
    await sql.query(
      "INSERT INTO reward_requests (member_id, request_id, action, fingerprint, result, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [row.memberId, row.requestId, row.action, row.fingerprint, JSON.stringify(row.answer), row.now],
    );
  } else {
    await sql.query("INSERT INTO player_requests (member_id, request_id, body_hash, answer, created_at) VALUES ($1, $2, $3, $4, $5)", [
      row.memberId,
      row.requestId,
      row.fingerprint,
      JSON.stringify(row.answer),
      row.now,
    ]);
  }
}

export interface OnceOptions {
  store: RequestStore;
  memberId: number;
  requestId: string;
  /** The call (and move) this requestId is for; part of the fingerprint. */
  action: string;
  content: unknown;
  now: Date;
  /** Takes the locks that serialise this member's writes, first thing in the transaction. */
  lock: (sql: Sql) => Promise<void>;
  /** A replayed answer says so (`replayed: true`): the money and contract calls' wire shape. */
  markReplayed?: boolean;
  /** The refusal for a requestId reused with other content (default: idempotency.conflict). */
  conflictError?: () => Error;
}

/** Runs `work` once per (member, requestId) in one transaction (see the head of this file). */
export async function runOnce<T>(db: Db, o: OnceOptions, work: (sql: Sql) => Promise<T>): Promise<T> {
  const fingerprint = fingerprintOf([o.action, o.content]);
  return db.tx(async (sql) => {
    await o.lock(sql);
    const seen = await storedAnswer<T>(sql, o.store, o.memberId, o.requestId);
    if (seen) {
      if (seen.fingerprint !== fingerprint) throw (o.conflictError ?? conflict)();
      return o.markReplayed ? { ...seen.answer, replayed: true } : seen.answer;
    }
    const answer = await work(sql);
    await storeAnswer(sql, o.store, { memberId: o.memberId, requestId: o.requestId, action: o.action, fingerprint, answer, now: o.now });
    return answer;
  });
}

/** Locks the member's row: serialises the member's writes without blocking inserts that reference it. */
export const lockMember =
  (memberId: number, mode: "FOR UPDATE" | "FOR NO KEY UPDATE" = "FOR NO KEY UPDATE") =>
  async (sql: Sql) => {
    await sql.query(`SELECT 1 FROM members WHERE id = $1 ${mode}`, [memberId]);
  };
