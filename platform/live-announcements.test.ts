import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditWallet } from "./ledger";
import { type Harness, openHarness } from "./testing/harness";

// Migration 022 (issue 28): the platform announces, at commit, which member's open pages have
// something new to read: a wallet moved, the inbox changed, a contract or the team changed, a login ended.

let h: Harness;
let memberId: number;
const heard: unknown[] = [];
let stop: () => Promise<void>;
beforeAll(async () => {
  h = await openHarness();
  memberId = (await h.db.query<{ id: number }>("SELECT id FROM members WHERE merchant = 'demo' AND username = 'demo_member'"))[0]!.id;
  // The empty payload: the LISTEN connection was lost and is back (what was sent meanwhile is lost).
  stop = await h.db.listen("live", (payload) => heard.push(payload === "" ? { missed: true } : JSON.parse(payload)));
});
afterAll(async () => {
  await stop?.();
  await h?.close();
});

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out; heard ${JSON.stringify(heard)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
const announced = (what: string, user = "demo_member") =>
  heard.some((e) => JSON.stringify(e) === JSON.stringify({ merchant: "demo", user, what }));

describe("the platform's live announcements", () => {
  it("announces a wallet's change once it is committed", async () => {
    heard.length = 0;
    await creditWallet(h.db, { merchant: "demo", memberId, amount: 500, idempotencyKey: `live:${Date.now()}` });
    await until(() => announced("wallet"));
  });

  it("announces nothing for a transaction rolled back", async () => {
    heard.length = 0;
    await h.db
      .tx(async (sql) => {
        await sql.query("UPDATE ledger_accounts SET balance = balance + 1 WHERE member_id = $1 AND account_type_id = 2", [memberId]);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await creditWallet(h.db, { merchant: "demo", memberId, amount: 1, idempotencyKey: `live:after:${Date.now()}` });
    await until(() => announced("wallet"));
    expect(heard).toHaveLength(1);
  });

  it("announces a new message, a login ended and a downline registered", async () => {
    heard.length = 0;
    await h.db.query(
      `INSERT INTO member_messages (merchant, member_id, kind, title, content, created_at) VALUES ('demo', $1, 'ANNOUNCEMENT', '{"EN":"Hi"}', '{"EN":"Hi"}', now())`,
      [memberId],
    );
    await until(() => announced("inbox"));
    await h.db.query(
      "INSERT INTO sessions (token_hash, member_id, ip, created_at, expires_at) VALUES ('live-test', $1, '::1', now(), now())",
      [memberId],
    );
    await h.db.query("DELETE FROM sessions WHERE token_hash = 'live-test'");
    await until(() => announced("session"));
    const [agent] = await h.db.query<{ id: number; username: string }>(
      "SELECT id, username FROM members WHERE merchant = 'demo' AND account_type IN (1, 2) ORDER BY id LIMIT 1",
    );
    await h.db.query(
      "INSERT INTO members (merchant, username, password_hash, account_type, upline_id) VALUES ('demo', 'live_downline', 'x', 0, $1)",
      [agent!.id],
    );
    await until(() => announced("agent", agent!.username.toLowerCase()));
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "on a PostgreSQL server, says so after its LISTEN connection was lost and opened again, then announces as before",
    async () => {
      await h.db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()");
      await until(() => heard.some((e) => JSON.stringify(e) === JSON.stringify({ missed: true })), 10_000);
      heard.length = 0;
      await creditWallet(h.db, { merchant: "demo", memberId, amount: 1, idempotencyKey: `live-again:${Date.now()}` });
      await until(() => announced("wallet"));
    },
  );
});
