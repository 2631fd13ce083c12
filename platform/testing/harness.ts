import { createPlatformApp } from "../app";
import { type Db, openPglite } from "../db/db";
import { migrate } from "../db/migrations";
import { seed } from "../db/seed";
import { freshPostgres, postgresUnderTest } from "./postgres";
import { encryptPayload } from "./wps-client";

// One in-memory PGlite per test file (3–5 s and ~750 MB each): open it in beforeAll. With
// TEST_DATABASE_URL the same tests run on a PostgreSQL server, in a database of their own.

export interface Harness {
  db: Db;
  clock: {
    now: Date;
    advance(ms: number): void;
    /** On to the next noon of the operator's business day (Asia/Dhaka, UTC+6: 06:00 UTC), so a test's minutes never straddle its midnight. */
    toNoonInDhaka(): void;
  };
  call(path: string, init?: CallInit): Promise<Response>;
  json(path: string, init?: CallInit): Promise<{ status: number; body: Envelope }>;
  login(username: string, password: string, extra?: CallInit & { device?: string }): Promise<{ status: number; body: Envelope }>;
  /** An encrypted call (contract §2): POST unless init.method says otherwise. */
  enc(path: string, payload: unknown, init?: CallInit): Promise<{ status: number; body: Envelope }>;
  close(): Promise<void>;
}

export interface CallInit {
  method?: string;
  merchant?: string | null;
  token?: string;
  language?: string;
  forwardedFor?: string;
  headers?: Record<string, string>;
  body?: string;
}

export type Envelope = { success: boolean; value?: any; errorCode?: string; message?: string };

/** The loginDeviceId of the harness's logins unless a test names another browser. */
export const HARNESS_DEVICE = "harness-device-0000-0000-000000000001";

export async function openHarness(merchant = "demo"): Promise<Harness> {
  const server = postgresUnderTest();
  const db = server ? await freshPostgres(server) : await openPglite();
  await migrate(db);
  await seed(db, merchant);
  // The demo seed guards registration with the slide puzzle (issue 11). The platform's own tests
  // start from the module off, as the contract's default is; the puzzle's tests turn it on.
  await db.query("UPDATE modules SET enabled = false WHERE merchant = $1 AND mod_id = 'GEETEST3'", [merchant]);
  await db.query("UPDATE merchants SET settings = settings - 'humanVerification' WHERE code = $1", [merchant]);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
    toNoonInDhaka() {
      const day = 24 * 60 * 60 * 1000;
      this.advance((30 * 60 * 60 * 1000 - (this.now.getTime() % day)) % day);
    },
  };
  const app = createPlatformApp({ db, now: () => clock.now });

  const call = async (path: string, init: CallInit = {}) => {
    const headers = new Headers(init.headers);
    if (init.merchant !== null) headers.set("Merchant", init.merchant ?? merchant);
    if (init.token) headers.set("Authorization", init.token);
    if (init.language) headers.set("Language", init.language);
    if (init.forwardedFor) headers.set("X-Forwarded-For", init.forwardedFor);
    if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    return app.fetch(new Request(`http://platform.test${path}`, { method: init.method ?? "GET", headers, body: init.body }));
  };
  const json = async (path: string, init?: CallInit) => {
    const response = await call(path, init);
    return { status: response.status, body: (await response.json()) as Envelope };
  };
  let modulus: string | undefined;
  const enc = async (path: string, payload: unknown, init: CallInit = {}) => {
    modulus ??= await (await call(`/wps/session/key/rsa?t=${Date.now()}`)).text();
    const { des, rsa } = encryptPayload(payload, modulus);
    return json(path, {
      ...init,
      method: init.method ?? "POST",
      headers: { Encryption: rsa, "X-Digest": des, "X-RSA": modulus, ...init.headers },
      body: JSON.stringify({ value: des }),
    });
  };
  /** A password login as a browser makes it: `device` is its loginDeviceId (two-factor remembers it). */
  const login = (username: string, password: string, { device = HARNESS_DEVICE, ...extra }: CallInit & { device?: string } = {}) =>
    enc("/wps/session/login", { username, password, type: "username", captcha: "", loginDeviceId: device }, extra);
  return { db, clock, call, json, login, enc, close: () => db.close() };
}
