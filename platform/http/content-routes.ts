import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { languageFrom } from "../messages";
import { feedbackImage, feedbackList, QUESTION_TYPES, submitFeedback } from "../services/feedback";
import { applicationImage } from "../services/promotion-applications";
import { resolveSession } from "../services/sessions";
import { deviceOf, helpCenter, sitePages } from "../services/site-content";
import { readJson } from "./accounts";
import { failure, ok, type PlatformContext, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import type { Relay } from "./game-relays";
import { pagingOf } from "./records-relays";
import { REQUEST_ID } from "../services/requests";

// The content screens of decision 026: help centre and site pages (public), feedback (token
// optional to write, required to read) and the feedback pictures, served to their owner only.

const FEEDBACK = "FEEDBACK3";
/** Three pictures of 5 MB as base64 (about 7 MB each) and the text. */
const MAX_FEEDBACK_BODY = 22 * 1024 * 1024;

const feedbackBody = z.object({
  requestId: z.string().regex(REQUEST_ID),
  questionType: z
    .string()
    .max(16)
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(QUESTION_TYPES)),
  // Missing or empty content is the bounds' refusal (feedback.content.length), not a bad request.
  content: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  images: z
    .array(z.unknown())
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
});

/** Query text without NUL, trimmed and capped; undefined when absent. */
function queryText(c: PlatformContext, name: string, max: number): string | undefined {
  const raw = c.req.query(name);
  return raw === undefined
    ? undefined
    : raw
        .replace(/\u0000/g, "")
        .trim()
        .slice(0, max);
}

export function registerContentRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/wps/system/helpCenter", async (c) => {
    // The Language header decides; the contract's lang= parameter stands in when it is missing.
    const lang = c.req.header("Language") ? c.get("lang") : languageFrom(c.req.query("lang")?.slice(0, 2));
    return ok(c, await helpCenter(deps.db, c.get("merchant").code, lang, deviceOf(c.req.query("device"))));
  });

  app.get("/wps/system/pages", async (c) => {
    const key = queryText(c, "key", 64);
    return ok(c, await sitePages(deps.db, c.get("merchant").code, c.get("lang"), key || undefined));
  });

  app.put(
    "/wps/feedback",
    bodyLimit({
      maxSize: MAX_FEEDBACK_BODY,
      onError: (c) =>
        failure(c, languageFrom(c.req.header("Language")), "upload.invalid", "upload.invalid", 413, { vars: { count: 3, size: 5 } }),
    }),
    async (c) => {
      if (!c.get("modules").has(FEEDBACK)) throw new PlatformError("function.not.available", "function.not.available", 400);
      // A visitor writes without a token; a token that is sent must be alive (it names an account).
      const token = c.req.header("Authorization")?.trim();
      const member = token ? await resolveSession(deps.db, c.get("merchant").code, token, deps.now()) : null;
      if (token && !member) throw new PlatformError("login.not.session", "login.not.session", 401);
      const body = await readJson(c, feedbackBody);
      const images = body.images.map((image) => (typeof image === "string" ? image : ""));
      const answer = await submitFeedback(
        deps.db,
        { merchant: c.get("merchant"), memberId: member?.memberId ?? null, ip: c.get("ip"), now: deps.now() },
        { requestId: body.requestId, questionType: body.questionType, content: body.content, images },
      );
      return ok(c, answer);
    },
  );
}

/** The feedback relays, registered into relay-routes.ts's table. */
export function feedbackRelays(deps: PlatformDeps): Record<string, Relay> {
  return {
    MCSFE_getFeedbackList: {
      token: true,
      module: FEEDBACK,
      methods: ["GET"],
      handle: (c) => feedbackList(deps.db, c.get("merchant").code, c.get("member").memberId, pagingOf(c)),
    },
  };
}

type OwnerImage = (merchant: string, memberId: number, id: number, n: number) => Promise<{ mime: string; data: Uint8Array } | null>;

/**
 * /media/<kind>/<id>/<n>: a member's uploaded picture for that member only (Merchant and
 * Authorization headers, as the app's proxy sends them); 404 for anyone else, never a hint.
 */
function registerOwnerMedia(app: Hono<PlatformEnv>, deps: PlatformDeps, kind: string, lookup: OwnerImage): void {
  app.get(`/media/${kind}/:id/:n`, async (c) => {
    const notFound = () => c.text("Not found", 404, { "Cache-Control": "no-store" });
    const id = c.req.param("id");
    const n = c.req.param("n");
    const merchant = c.req.header("Merchant")?.trim();
    const token = c.req.header("Authorization")?.trim();
    if (!/^\d{1,15}$/.test(id) || !/^[1-3]$/.test(n) || !merchant || merchant.includes(",") || !token) return notFound();
    const member = await resolveSession(deps.db, merchant, token, deps.now());
    if (!member) return notFound();
    const image = await lookup(merchant, member.memberId, Number(id), Number(n));
    if (!image) return notFound();
    return c.body(new Uint8Array(image.data), 200, {
      "Content-Type": image.mime,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
    });
  });
}

/**
 * /media/feedback/<feedbackId>/<n> (decision 026) and /media/promotion-application/<applicationId>/<n>
 * (decision 027): the pictures a member sent, to that member only.
 */
export function registerFeedbackMedia(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  registerOwnerMedia(app, deps, "feedback", (merchant, memberId, id, n) => feedbackImage(deps.db, merchant, memberId, id, n));
  registerOwnerMedia(app, deps, "promotion-application", (merchant, memberId, id, n) =>
    applicationImage(deps.db, merchant, memberId, id, n),
  );
}
