import type { Hono } from "hono";
import { z } from "zod";
import type { Db } from "./db/db";
import { OperatorError } from "./operator";
import { ApplicationRefused, listApplications, REASON_MAX, reviewApplication, type ReviewAction } from "./services/promotion-applications";

// The promotion applications' back-office commands (decision 027 §1): list them, approve (the
// member then claims), issue the bonus at once, or reject with a reason. The CLI (admin.ts) and
// the operator listener (operator-http.ts) call these.

export const PROMOTIONS_USAGE = `  applications [open]                    promotion applications, newest first (open: only APPLYING)
  application <id> approve|issue         approve (the member claims the bonus) or credit the bonus now
  application <id> reject <reason>       reject an application; the member sees the reason`;

const operatorApplications = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApplicationRefused) throw new OperatorError(err.message);
    throw err;
  }
};

export const listPromotionApplications = (db: Db, merchant: string, openOnly: boolean) => listApplications(db, merchant, openOnly);

export const reviewPromotionApplication = (db: Db, merchant: string, id: number, action: ReviewAction, reason?: string, now = new Date()) =>
  operatorApplications(() => reviewApplication(db, merchant, id, action, reason, now));

export interface PromotionsCommand {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

const isAction = (word: string | undefined): word is ReviewAction => word === "approve" || word === "issue" || word === "reject";

export function parsePromotionsCommand(
  name: string,
  args: string[],
  usage: (message: string) => Error = (m) => new OperatorError(m),
): PromotionsCommand {
  switch (name) {
    case "applications": {
      const [verb] = args;
      if (args.length > 1 || (verb !== undefined && verb !== "open")) throw usage('Use "applications [open]".');
      const openOnly = verb === "open";
      return {
        path: "applications",
        method: "GET",
        query: openOnly ? { open: "1" } : {},
        direct: (db, m) => listPromotionApplications(db, m, openOnly),
      };
    }
    case "application": {
      const [idText, action, ...rest] = args;
      if (!idText || !/^\d{1,15}$/.test(idText) || !isAction(action))
        throw usage('Use "application <id> approve|issue" or "application <id> reject <reason>".');
      const id = Number(idText);
      if (action !== "reject" && rest.length > 0) throw usage(`"application <id> ${action}" takes no more arguments.`);
      const reason = action === "reject" ? rest.join(" ").trim() : undefined;
      if (action === "reject" && !reason) throw usage('Use "application <id> reject <reason>".');
      return {
        path: "application",
        method: "POST",
        body: reason === undefined ? { id, action } : { id, action, reason },
        direct: (db, m) => reviewPromotionApplication(db, m, id, action, reason),
      };
    }
    default:
      throw usage(`Unknown command "${name}".`);
  }
}

const reviewBody = z.object({
  merchant: z.string().min(1).max(64).optional(),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  action: z.enum(["approve", "issue", "reject"]),
  reason: z
    .string()
    .max(REASON_MAX * 4)
    .optional(),
});

/** The operator listener's promotion routes (operator-http.ts). */
export function registerPromotionsOperatorRoutes(app: Hono, db: Db, merchant: string, now: () => Date): void {
  app.get("/operator/applications", async (c) =>
    c.json({ ok: true, result: await listPromotionApplications(db, c.req.query("merchant") ?? merchant, c.req.query("open") === "1") }),
  );
  app.post("/operator/application", async (c) => {
    const parsed = reviewBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw new OperatorError("Bad request: check the command's arguments.");
    const b = parsed.data;
    return c.json({ ok: true, result: await reviewPromotionApplication(db, b.merchant ?? merchant, b.id, b.action, b.reason, now()) });
  });
}
