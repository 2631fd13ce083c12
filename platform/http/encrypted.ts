import type { z } from "zod";
import { decryptPayload } from "../crypto";
import { type PlatformContext, type PlatformDeps, PlatformError } from "./context";

/**
 * The DES text of an encrypted call. Clients send {"value": "<DES>"}, a JSON string literal, or
 * the raw base64; some also repeat it in X-Digest, which serves when the body carries none.
 */
function desText(body: string, digest: string | undefined): string | null {
  const trimmed = body.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === "string" && parsed) return parsed;
      if (typeof parsed === "object" && parsed !== null) {
        const value = (parsed as { value?: unknown }).value;
        if (typeof value === "string" && value) return value;
      }
    } catch {
      return null;
    }
  } else if (trimmed) {
    return trimmed;
  }
  return digest?.trim() || null;
}

/**
 * The DES text of the largest form the web server passes on (its BODY_LIMIT default, 64 KB), in
 * base64; no encrypted call of the contract comes near it. Longer is refused before decrypting.
 */
export const MAX_DES_CHARS = 4 * Math.ceil((64 * 1024 + 8) / 3);

const unreadable = () => new PlatformError("request_body_required", "request_body_required", 400);

/** Whether a decoded body holds a NUL character anywhere: PostgreSQL text cannot store one. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNul(item, depth + 1));
}

/** Decrypts the body of an encrypted call (contract §2) and checks it against schema. */
export async function readEncrypted<S extends z.ZodTypeAny>(c: PlatformContext, deps: PlatformDeps, schema: S): Promise<z.infer<S>> {
  const encryption = c.req.header("Encryption");
  const des = desText(await c.req.text(), c.req.header("X-Digest"));
  if (!encryption || !des || des.length > MAX_DES_CHARS) throw unreadable();
  let payload: unknown;
  try {
    payload = decryptPayload(des, encryption, await deps.rsaKey());
  } catch {
    throw unreadable();
  }
  const parsed = holdsNul(payload) ? null : schema.safeParse(payload);
  if (!parsed?.success) throw new PlatformError("parameter.invalid", "parameter.invalid", 400);
  return parsed.data;
}
