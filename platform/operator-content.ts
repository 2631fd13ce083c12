import { readFileSync } from "node:fs";
import type { Hono } from "hono";
import { z } from "zod";
import type { Db } from "./db/db";
import { LANGUAGES, type Language, type Localized } from "./messages";
import { OperatorError } from "./operator";
import { closeFeedback, FeedbackRefused, listFeedbackForOperator, replyToFeedback } from "./services/feedback";
import { isPageKey, PAGE_KEYS, replacePage } from "./services/site-content";

// The content screens' back-office commands (decision 026): publish or withdraw a notice or a
// popup, read and answer feedback, replace a footer page. The CLI (admin.ts) and the operator
// listener (operator-http.ts) call these.

export const CONTENT_USAGE = `  announce notice|popup <EN title> <EN html> [<BN title> <BN html>]
                                         publish a notice (marquee) or a popup, first in its list
  announce off <id>                      withdraw an announcement
  feedback [open]                        feedback, newest first (open: only the unanswered)
  feedback reply <id> <text>             answer a feedback (the member gets it in the inbox)
  feedback close <id>                    close a feedback
  page <key> <file.html> [<lang>]        replace a footer page's HTML in one language (default EN)
                                         keys: ${PAGE_KEYS.join(", ")}`;

const MAX_TITLE = 200;
const MAX_HTML = 20_000;
const MAX_PAGE_HTML = 200_000;

function checkedText(text: string, max: number, what: string): string {
  const value = text.replace(/\u0000/g, "").trim();
  if (!value) throw new OperatorError(`The ${what} is empty.`);
  if (value.length > max) throw new OperatorError(`The ${what} is longer than ${max} characters.`);
  return value;
}

export interface AnnouncementText {
  title: string;
  content: string;
  titleBn?: string;
  contentBn?: string;
}

/** A notice (kind marquee) or popup published now, placed first in its list (lowest sort). */
export async function publishAnnouncement(db: Db, merchant: string, kind: "notice" | "popup", text: AnnouncementText, now = new Date()) {
  const title: Localized = { EN: checkedText(text.title, MAX_TITLE, "English title") };
  const content: Localized = { EN: checkedText(text.content, MAX_HTML, "English HTML") };
  if (text.titleBn !== undefined || text.contentBn !== undefined) {
    title.BN = checkedText(text.titleBn ?? "", MAX_TITLE, "Bengali title");
    content.BN = checkedText(text.contentBn ?? "", MAX_HTML, "Bengali HTML");
  }
  const stored = kind === "notice" ? "marquee" : "popup";
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO announcements (merchant, kind, title, content, display_speed, published_at, sort)
     SELECT $1, $2, $3, $4, $5, $6, coalesce((SELECT min(sort) FROM announcements WHERE merchant = $1 AND kind = $2), 0) - 1
      WHERE EXISTS (SELECT 1 FROM merchants WHERE code = $1)
     RETURNING id`,
    [merchant, stored, JSON.stringify(title), JSON.stringify(content), stored === "marquee" ? 3 : 0, now],
  );
  if (!row) throw new OperatorError(`No merchant "${merchant}".`);
  return { id: Number(row.id), kind, title: title.EN, languages: Object.keys(title) };
}

export async function withdrawAnnouncement(db: Db, merchant: string, id: number) {
  const rows = await db.query<{ kind: string }>("UPDATE announcements SET enabled = false WHERE id = $1 AND merchant = $2 RETURNING kind", [
    id,
    merchant,
  ]);
  if (!rows[0]) throw new OperatorError(`No announcement ${id} at merchant "${merchant}".`);
  return { id, kind: rows[0].kind === "marquee" ? "notice" : rows[0].kind, enabled: false };
}

const operatorFeedback = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof FeedbackRefused) throw new OperatorError(err.message);
    throw err;
  }
};

export const listFeedback = (db: Db, merchant: string, openOnly: boolean) => listFeedbackForOperator(db, merchant, openOnly);
export const replyFeedback = (db: Db, merchant: string, id: number, text: string, now = new Date()) =>
  operatorFeedback(() => replyToFeedback(db, merchant, id, text, now));
export const closeFeedbackItem = (db: Db, merchant: string, id: number, now = new Date()) =>
  operatorFeedback(() => closeFeedback(db, merchant, id, now));

function languageOf(text: string | undefined): Language {
  const lang = (text ?? "EN").trim().toUpperCase();
  if (!(LANGUAGES as readonly string[]).includes(lang))
    throw new OperatorError(`Language must be one of ${LANGUAGES.join(", ")}, not "${text}".`);
  return lang as Language;
}

export async function setPage(db: Db, merchant: string, key: string, html: string, langText?: string, now = new Date()) {
  if (!isPageKey(key)) throw new OperatorError(`Page key must be one of ${PAGE_KEYS.join(", ")}, not "${key}".`);
  const lang = languageOf(langText);
  const done = await replacePage(db, merchant, key, checkedText(html, MAX_PAGE_HTML, "page HTML"), lang, now);
  if (!done) throw new OperatorError(`No page "${key}" at merchant "${merchant}".`);
  return done;
}

export interface ContentCommand {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

export function parseContentCommand(
  name: string,
  args: string[],
  usage: (message: string) => Error = (m) => new OperatorError(m),
): ContentCommand {
  switch (name) {
    case "announce": {
      const [verb, ...rest] = args;
      if (verb === "off") {
        if (rest.length !== 1 || !/^\d{1,15}$/.test(rest[0]!)) throw usage('Use "announce off <id>".');
        const id = Number(rest[0]);
        return { path: "announce/off", method: "POST", body: { id }, direct: (db, m) => withdrawAnnouncement(db, m, id) };
      }
      if ((verb === "notice" || verb === "popup") && (rest.length === 2 || rest.length === 4)) {
        const [title, content, titleBn, contentBn] = rest as [string, string, string?, string?];
        const text: AnnouncementText = { title, content, titleBn, contentBn };
        return {
          path: "announce",
          method: "POST",
          body: { kind: verb, ...text },
          direct: (db, m) => publishAnnouncement(db, m, verb, text),
        };
      }
      throw usage('Use "announce notice|popup <EN title> <EN html> [<BN title> <BN html>]" or "announce off <id>".');
    }
    case "feedback": {
      const [verb, id, ...rest] = args;
      if (verb === undefined || (verb === "open" && args.length === 1)) {
        const openOnly = verb === "open";
        return { path: "feedback", method: "GET", query: openOnly ? { open: "1" } : {}, direct: (db, m) => listFeedback(db, m, openOnly) };
      }
      if (verb === "reply" && id && /^\d{1,15}$/.test(id) && rest.length > 0) {
        const text = rest.join(" ");
        return {
          path: "feedback/reply",
          method: "POST",
          body: { id: Number(id), text },
          direct: (db, m) => replyFeedback(db, m, Number(id), text),
        };
      }
      if (verb === "close" && id && /^\d{1,15}$/.test(id) && rest.length === 0) {
        return {
          path: "feedback/close",
          method: "POST",
          body: { id: Number(id) },
          direct: (db, m) => closeFeedbackItem(db, m, Number(id)),
        };
      }
      throw usage('Use "feedback [open]", "feedback reply <id> <text>" or "feedback close <id>".');
    }
    case "page": {
      const [key, file, lang] = args;
      if (args.length < 2 || args.length > 3 || !key || !file) throw usage('Use "page <key> <file.html> [<lang>]".');
      if (!isPageKey(key)) throw usage(`Page key must be one of ${PAGE_KEYS.join(", ")}.`);
      let html: string;
      try {
        html = readFileSync(file, "utf8");
      } catch {
        throw usage(`Cannot read "${file}".`);
      }
      return { path: "page", method: "POST", body: { key, html, lang }, direct: (db, m) => setPage(db, m, key, html, lang) };
    }
    default:
      throw usage(`Unknown command "${name}".`);
  }
}

const merchantField = { merchant: z.string().min(1).max(64).optional() };
const bodies = {
  announce: z.object({
    ...merchantField,
    kind: z.enum(["notice", "popup"]),
    title: z.string().max(MAX_TITLE * 2),
    content: z.string().max(MAX_HTML * 2),
    titleBn: z
      .string()
      .max(MAX_TITLE * 2)
      .optional(),
    contentBn: z
      .string()
      .max(MAX_HTML * 2)
      .optional(),
  }),
  id: z.object({ ...merchantField, id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  reply: z.object({ ...merchantField, id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), text: z.string().max(10_000) }),
  page: z.object({
    ...merchantField,
    key: z.string().max(64),
    html: z.string().max(MAX_PAGE_HTML * 2),
    lang: z.string().max(5).optional(),
  }),
};

/** The operator listener's content routes (operator-http.ts). */
export function registerContentOperatorRoutes(app: Hono, db: Db, merchant: string, now: () => Date): void {
  const read = async <S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> => {
    const parsed = schema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) throw new OperatorError("Bad request: check the command's arguments.");
    return parsed.data;
  };
  app.post("/operator/announce", async (c) => {
    const b = await read(c.req.raw, bodies.announce);
    return c.json({ ok: true, result: await publishAnnouncement(db, b.merchant ?? merchant, b.kind, b, now()) });
  });
  app.post("/operator/announce/off", async (c) => {
    const b = await read(c.req.raw, bodies.id);
    return c.json({ ok: true, result: await withdrawAnnouncement(db, b.merchant ?? merchant, b.id) });
  });
  app.get("/operator/feedback", async (c) =>
    c.json({ ok: true, result: await listFeedback(db, c.req.query("merchant") ?? merchant, c.req.query("open") === "1") }),
  );
  app.post("/operator/feedback/reply", async (c) => {
    const b = await read(c.req.raw, bodies.reply);
    return c.json({ ok: true, result: await replyFeedback(db, b.merchant ?? merchant, b.id, b.text, now()) });
  });
  app.post("/operator/feedback/close", async (c) => {
    const b = await read(c.req.raw, bodies.id);
    return c.json({ ok: true, result: await closeFeedbackItem(db, b.merchant ?? merchant, b.id, now()) });
  });
  app.post("/operator/page", async (c) => {
    const b = await read(c.req.raw, bodies.page);
    return c.json({ ok: true, result: await setPage(db, b.merchant ?? merchant, b.key, b.html, b.lang, now()) });
  });
}
