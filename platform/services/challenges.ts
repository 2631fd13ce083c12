import { randomBytes } from "node:crypto";
import type { Sql } from "../db/db";
import { drawCaptcha, drawSlider, randomCaptchaText, SLIDER } from "../images/captcha-images";

// Image captchas (CAPTCHA3) and slide puzzles (GEETEST3): stored server-side, single use,
// short-lived. Checking consumes the challenge whether or not the answer is right.

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const SLIDER_TTL_MS = 2 * 60 * 1000;
export const SLIDER_TOLERANCE_PX = 6;

async function store(sql: Sql, merchant: string, kind: "captcha" | "slider", answer: string, ip: string, now: Date, ttlMs: number) {
  // Expired challenges of any merchant go as new ones come (index on expires_at).
  await sql.query("DELETE FROM challenges WHERE expires_at < $1", [new Date(now.getTime() - 60 * 60 * 1000)]);
  const id = randomBytes(16).toString("hex");
  await sql.query("INSERT INTO challenges (id, merchant, kind, answer, ip, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)", [
    id,
    merchant,
    kind,
    answer,
    ip,
    now,
    new Date(now.getTime() + ttlMs),
  ]);
  return id;
}

/** Takes the challenge if it is live, of this merchant and kind; returns its answer, else null. */
async function consume(sql: Sql, merchant: string, kind: "captcha" | "slider", id: string, now: Date): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const [row] = await sql.query<{ answer: string }>(
    `UPDATE challenges SET used_at = $4
      WHERE id = $1 AND merchant = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $4
      RETURNING answer`,
    [id, merchant, kind, now],
  );
  return row?.answer ?? null;
}

export async function createImageCaptcha(sql: Sql, merchant: string, ip: string, now: Date) {
  const text = randomCaptchaText();
  const png = await drawCaptcha(text);
  const id = await store(sql, merchant, "captcha", text, ip, now, CAPTCHA_TTL_MS);
  return { id, png };
}

/** Case-insensitive; surrounding spaces ignored. */
export async function checkImageCaptcha(sql: Sql, merchant: string, id: string | undefined, answer: string | null | undefined, now: Date) {
  if (!id) return false;
  const expected = await consume(sql, merchant, "captcha", id, now);
  if (expected === null || !answer) return false;
  return answer.trim().toUpperCase() === expected;
}

export async function createSlider(sql: Sql, merchant: string, ip: string, now: Date) {
  const images = await drawSlider();
  const challengeId = await store(sql, merchant, "slider", String(images.x), ip, now, SLIDER_TTL_MS);
  return {
    challengeId,
    width: SLIDER.width,
    height: SLIDER.height,
    pieceSize: SLIDER.pieceSize,
    pieceY: images.pieceY,
    background: images.background.toString("base64"),
    piece: images.piece.toString("base64"),
  };
}

export interface SliderAnswer {
  challengeId: string;
  x: number;
}

export async function checkSlider(sql: Sql, merchant: string, answer: SliderAnswer | null | undefined, now: Date): Promise<boolean> {
  if (!answer || !Number.isFinite(answer.x)) return false;
  const expected = await consume(sql, merchant, "slider", answer.challengeId, now);
  return expected !== null && Math.abs(Number(expected) - answer.x) <= SLIDER_TOLERANCE_PX;
}
