import type { Hono } from "hono";
import { z } from "zod";
import type { Db } from "./db/db";
import { OperatorError } from "./operator";
import {
  adjustPoints,
  approveRedemption,
  listRedemptionsForOperator,
  memberPoints,
  PointsRefused,
  rejectRedemption,
} from "./services/points-operator";

// The point mall's back-office commands (decision 027 §3): list redemptions, approve (a BONUS
// reward's money credited once) or reject (points back) an IN_PROCESS one, show or adjust a
// member's points. The CLI (admin.ts) and the operator listener (operator-http.ts) call these.

export const POINTS_USAGE = `  redemptions [open]                     point-mall redemptions, newest first (open: only IN_PROCESS)
  redemption <id> approve [<paidAccount>]
                                         approve a redemption (a BONUS reward's amount to the main wallet)
  redemption <id> reject <reason>        reject a redemption: its points go back to the member
  points <username> [<±points> <remark>] show a member's points, or adjust them (ADJUST entry)`;

const operatorPoints = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PointsRefused) throw new OperatorError(err.message);
    throw err;
  }
};

export const listRedemptions = (db: Db, merchant: string, openOnly: boolean) => listRedemptionsForOperator(db, merchant, openOnly);
export const approvePointRedemption = (db: Db, merchant: string, id: number, paidAccount?: string, now = new Date()) =>
  operatorPoints(() => approveRedemption(db, merchant, id, paidAccount, now));
export const rejectPointRedemption = (db: Db, merchant: string, id: number, reason: string, now = new Date()) =>
  operatorPoints(() => rejectRedemption(db, merchant, id, reason, now));
export const showPoints = (db: Db, merchant: string, username: string, now = new Date()) =>
  operatorPoints(() => memberPoints(db, merchant, username, now));
export const adjustMemberPoints = (db: Db, merchant: string, username: string, points: number, remark: string, now = new Date()) =>
  operatorPoints(() => adjustPoints(db, merchant, username, Math.round(points * 100), remark, now));

const POINTS_ARG = /^[+-]\d{1,9}(\.\d{1,2})?$/;
const ID = /^\d{1,15}$/;

export interface PointsCommand {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

export function parsePointsCommand(
  name: string,
  args: string[],
  usage: (message: string) => Error = (m) => new OperatorError(m),
): PointsCommand {
  switch (name) {
    case "redemptions": {
      if (args.length === 0 || (args.length === 1 && args[0] === "open")) {
        const openOnly = args[0] === "open";
        return {
          path: "redemptions",
          method: "GET",
          query: openOnly ? { open: "1" } : {},
          direct: (db, m) => listRedemptions(db, m, openOnly),
        };
      }
      throw usage('Use "redemptions [open]".');
    }
    case "redemption": {
      const [id, verb, ...rest] = args;
      if (id && ID.test(id) && verb === "approve" && rest.length <= 1) {
        const paidAccount = rest[0];
        return {
          path: "redemption/approve",
          method: "POST",
          body: { id: Number(id), paidAccount },
          direct: (db, m) => approvePointRedemption(db, m, Number(id), paidAccount),
        };
      }
      if (id && ID.test(id) && verb === "reject" && rest.length > 0) {
        const reason = rest.join(" ");
        return {
          path: "redemption/reject",
          method: "POST",
          body: { id: Number(id), reason },
          direct: (db, m) => rejectPointRedemption(db, m, Number(id), reason),
        };
      }
      throw usage('Use "redemption <id> approve [<paidAccount>]" or "redemption <id> reject <reason>".');
    }
    case "points": {
      const [username, delta, ...rest] = args;
      if (username && args.length === 1) {
        return { path: "points", method: "GET", query: { username }, direct: (db, m) => showPoints(db, m, username) };
      }
      if (username && delta && POINTS_ARG.test(delta) && rest.length > 0) {
        const points = Number(delta);
        const remark = rest.join(" ");
        return {
          path: "points/adjust",
          method: "POST",
          body: { username, points, remark },
          direct: (db, m) => adjustMemberPoints(db, m, username, points, remark),
        };
      }
      throw usage('Use "points <username>" or "points <username> <±points> <remark>" (e.g. +500 welcome points).');
    }
    default:
      throw usage(`Unknown command "${name}".`);
  }
}

const merchantField = { merchant: z.string().min(1).max(64).optional() };
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const bodies = {
  approve: z.object({ ...merchantField, id, paidAccount: z.string().max(400).optional() }),
  reject: z.object({ ...merchantField, id, reason: z.string().max(2_000) }),
  adjust: z.object({ ...merchantField, username: z.string().min(1).max(64), points: z.number().finite(), remark: z.string().max(2_000) }),
};

/** The operator listener's point-mall routes (operator-http.ts). */
export function registerPointsOperatorRoutes(app: Hono, db: Db, merchant: string, now: () => Date): void {
  const read = async <S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> => {
    const parsed = schema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) throw new OperatorError("Bad request: check the command's arguments.");
    return parsed.data;
  };
  app.get("/operator/redemptions", async (c) =>
    c.json({ ok: true, result: await listRedemptions(db, c.req.query("merchant") ?? merchant, c.req.query("open") === "1") }),
  );
  app.post("/operator/redemption/approve", async (c) => {
    const b = await read(c.req.raw, bodies.approve);
    return c.json({ ok: true, result: await approvePointRedemption(db, b.merchant ?? merchant, b.id, b.paidAccount, now()) });
  });
  app.post("/operator/redemption/reject", async (c) => {
    const b = await read(c.req.raw, bodies.reject);
    return c.json({ ok: true, result: await rejectPointRedemption(db, b.merchant ?? merchant, b.id, b.reason, now()) });
  });
  app.get("/operator/points", async (c) => {
    const username = c.req.query("username");
    if (!username) throw new OperatorError("Bad request: check the command's arguments.");
    return c.json({ ok: true, result: await showPoints(db, c.req.query("merchant") ?? merchant, username, now()) });
  });
  app.post("/operator/points/adjust", async (c) => {
    const b = await read(c.req.raw, bodies.adjust);
    return c.json({ ok: true, result: await adjustMemberPoints(db, b.merchant ?? merchant, b.username, b.points, b.remark, now()) });
  });
}
