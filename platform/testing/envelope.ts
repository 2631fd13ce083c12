import { expect } from "vitest";
import type { Envelope } from "./harness";

// The envelope checks the platform tests share: a success's value, or a failure with its code.

export const ok = (r: { status: number; body: Envelope }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.value;
};

export const fails = (r: { status: number; body: Envelope }, code: string, status = 200) => {
  expect(r.body.errorCode, JSON.stringify(r.body)).toBe(code);
  expect(r.status).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.message).toBeTruthy();
};
