import { expect } from "vitest";
import type { Envelope } from "./harness";

// The envelope checks every platform test uses: a success's value, or a refusal with its code and
// a message in words (no placeholder left in it).

const shown = (body: Envelope) => JSON.stringify(body).slice(0, 500);

/** A 200 success: its value. */
export const ok = (r: { status: number; body: Envelope }) => {
  expect(r.status, shown(r.body)).toBe(200);
  expect(r.body.success, shown(r.body)).toBe(true);
  return r.body.value;
};

/** A refusal's body: success false, the code, a message. */
export const refused = (body: Envelope, code: string) => {
  expect(body.success, shown(body)).toBe(false);
  expect(body.errorCode, shown(body)).toBe(code);
  expect(typeof body.message === "string" && body.message.length > 0, shown(body)).toBe(true);
  expect(body.message).not.toMatch(/\{\{?\w+\}\}?/);
};

/** A refusal with its HTTP status (200 unless the contract says otherwise). */
export const fails = (r: { status: number; body: Envelope }, code: string, status = 200) => {
  refused(r.body, code);
  expect(r.status, shown(r.body)).toBe(status);
};
