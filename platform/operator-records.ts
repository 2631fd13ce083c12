import type { Hono } from "hono";
import { z } from "zod";
import type { Db } from "./db/db";
import { OperatorError } from "./operator";
import { findMemberByUsername } from "./services/members";

// The records and rewards part's back-office commands (decision 017): a member's state in a
// promotion (issue a bonus to claim, approve or reject an application, reset it) and the cashback
// rate of a game type. The CLI (admin.ts) and the operator listener call these.

export const RECORDS_USAGE = `  promotions [<username>]                promotions with their codes (and the member's status)
  promotion <username> <CODE> issued|joined|rejected|process|reset
                                         set a member's status in a promotion (issued = claimable)
  rebate-rate <GAMETYPE> <percent>       the cashback rate of a game type (0 removes it)`;

const STATUSES = { issued: "ISSUED", joined: "JOINED", rejected: "REJECTED", process: "PROCESS", reset: null } as const;
type StatusWord = keyof typeof STATUSES;
const isStatusWord = (word: string | undefined): word is StatusWord => !!word && Object.hasOwn(STATUSES, word);

async function memberId(db: Db, merchant: string, username: string): Promise<number> {
  const member = await findMemberByUsername(db, merchant, username);
  if (!member) throw new OperatorError(`No member "${username}" at merchant "${merchant}".`);
  return member.id;
}

export async function listPromotions(db: Db, merchant: string, username?: string) {
  const id = username ? await memberId(db, merchant, username) : 0;
  const rows = await db.query<{ id: number; code: string; title: { EN: string }; flow: string; bonus: number; status: string | null }>(
    `SELECT p.id, p.code, p.title, p.flow, p.bonus, mp.status
       FROM promotions p LEFT JOIN member_promotions mp ON mp.promotion_id = p.id AND mp.member_id = $2
      WHERE p.merchant = $1 ORDER BY p.sort, p.id`,
    [merchant, id],
  );
  return rows.map((r) => ({ id: r.id, code: r.code, title: r.title.EN, flow: r.flow, bonus: r.bonus / 100, memberStatus: r.status }));
}

export async function setPromotionStatus(db: Db, merchant: string, username: string, code: string, word: string, now = new Date()) {
  if (!isStatusWord(word)) throw new OperatorError(`Status must be one of ${Object.keys(STATUSES).join(", ")}, not "${word}".`);
  const id = await memberId(db, merchant, username);
  const [promotion] = await db.query<{ id: number; flow: string }>(
    "SELECT id, flow FROM promotions WHERE merchant = $1 AND upper(code) = upper($2)",
    [merchant, code],
  );
  if (!promotion) throw new OperatorError(`No promotion "${code}" at merchant "${merchant}".`);
  if (promotion.flow === "raffle") throw new OperatorError("The raffle has no member status: members draw once a day.");
  const status = STATUSES[word];
  return db.tx(async (sql) => {
    const [current] = await sql.query<{ status: string }>(
      "SELECT status FROM member_promotions WHERE member_id = $1 AND promotion_id = $2 FOR UPDATE",
      [id, promotion.id],
    );
    if (current?.status === "CLAIMED") throw new OperatorError(`${username} has already claimed "${code}"; a claimed bonus stays claimed.`);
    if (status === null) {
      await sql.query("DELETE FROM member_promotions WHERE member_id = $1 AND promotion_id = $2", [id, promotion.id]);
    } else {
      await sql.query(
        `INSERT INTO member_promotions (member_id, promotion_id, status, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (member_id, promotion_id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
        [id, promotion.id, status, now],
      );
    }
    return { username, promotion: code.toUpperCase(), status: status ?? "(none)" };
  });
}

export async function setRebateRate(db: Db, merchant: string, gameType: string, percentText: string) {
  const type = gameType.trim().toUpperCase();
  if (!/^[A-Z0-9_]{1,32}$/.test(type)) throw new OperatorError(`"${gameType}" is not a game type code.`);
  if (!/^\d{1,2}(\.\d{1,3})?$/.test(percentText.trim()))
    throw new OperatorError(`The rate is a percent from 0 to 99.999, not "${percentText}".`);
  const rate = Number(percentText);
  if (rate === 0) {
    await db.query("DELETE FROM rebate_rates WHERE merchant = $1 AND game_type = $2", [merchant, type]);
  } else {
    await db.query(
      `INSERT INTO rebate_rates (merchant, game_type, rate) VALUES ($1, $2, $3)
       ON CONFLICT (merchant, game_type) DO UPDATE SET rate = EXCLUDED.rate`,
      [merchant, type, rate],
    );
  }
  return { gameType: type, rate };
}

export interface RecordsCommand {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

export function parseRecordsCommand(
  name: string,
  args: string[],
  usage: (message: string) => Error = (m) => new OperatorError(m),
): RecordsCommand {
  switch (name) {
    case "promotions": {
      const [username] = args;
      return { path: "promotions", method: "GET", query: username ? { username } : {}, direct: (db, m) => listPromotions(db, m, username) };
    }
    case "promotion": {
      const [username, code, word] = args;
      if (args.length !== 3 || !username || !code || !isStatusWord(word))
        throw usage('Use "promotion <username> <CODE> issued|joined|rejected|process|reset".');
      return {
        path: "promotion",
        method: "POST",
        body: { username, code, status: word },
        direct: (db, m) => setPromotionStatus(db, m, username, code, word),
      };
    }
    case "rebate-rate": {
      const [gameType, percent] = args;
      if (args.length !== 2 || !gameType || !percent) throw usage('Use "rebate-rate <GAMETYPE> <percent>".');
      return {
        path: "rebate-rate",
        method: "POST",
        body: { gameType, percent },
        direct: (db, m) => setRebateRate(db, m, gameType, percent),
      };
    }
    default:
      throw usage(`Unknown command "${name}".`);
  }
}

const merchantField = { merchant: z.string().min(1).max(64).optional() };
const promotionBody = z.object({
  ...merchantField,
  username: z.string().min(1).max(100),
  code: z.string().min(1).max(64),
  status: z.string().min(1).max(16),
});
const rateBody = z.object({
  ...merchantField,
  gameType: z.string().min(1).max(32),
  percent: z.union([z.string(), z.number()]).transform(String),
});

/** The operator listener's records routes (operator-http.ts). */
export function registerRecordsOperatorRoutes(app: Hono, db: Db, merchant: string, now: () => Date): void {
  const read = async <S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> => {
    const parsed = schema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) throw new OperatorError("Bad request: check the command's arguments.");
    return parsed.data;
  };
  app.get("/operator/promotions", async (c) =>
    c.json({ ok: true, result: await listPromotions(db, c.req.query("merchant") ?? merchant, c.req.query("username") || undefined) }),
  );
  app.post("/operator/promotion", async (c) => {
    const b = await read(c.req.raw, promotionBody);
    return c.json({ ok: true, result: await setPromotionStatus(db, b.merchant ?? merchant, b.username, b.code, b.status, now()) });
  });
  app.post("/operator/rebate-rate", async (c) => {
    const b = await read(c.req.raw, rateBody);
    return c.json({ ok: true, result: await setRebateRate(db, b.merchant ?? merchant, b.gameType, b.percent) });
  });
}
