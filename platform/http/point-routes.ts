import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { Db } from "../db/db";
import { languageFrom } from "../messages";
import { checkPaymentPassword } from "../services/money-password";
import { defaultDialingCode, isServedDialingCode, normalizePhone } from "../services/phones";
import {
  conversionTypes,
  pointBalance,
  pointConfig,
  merchantPointRewards,
  pointRewards,
  type RecordType,
  redeemPointList,
  rewardImageName,
} from "../services/points-reads";
import { REDEMPTION_STATUSES, type RedemptionStatus } from "../services/points";
import { type Contact, convertPoints, redeemReward } from "../services/points-redeem";
import { storedAnswer } from "../services/requests";
import type { Actor } from "../services/rewards";
import { ok, type PlatformContext, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { readEncrypted } from "./encrypted";
import type { Relay } from "./game-relays";
import { sessionGuard } from "./guards";
import { idSchema, passwordRequired } from "./money-relays";
import { pagingOf } from "./records-relays";
import { requestIdSchema } from "../services/requests";

// The point mall of decision 027 §3 (module PTSYS3, all with token but the visitor's catalogue, decision 041): the GET relays (registered
// into relay-routes.ts's table), the encrypted passwordCheck writes and the rewards' pictures.

const MODULE = "PTSYS3";

export function pointRelays(deps: PlatformDeps): Record<string, Relay> {
  const get = (handle: Relay["handle"]): Relay => ({ token: true, module: MODULE, methods: ["GET"], handle });
  const memberOf = (c: PlatformContext) => c.get("member").memberId;
  return {
    MCSFE_getPointBalance: get((c) => pointBalance(deps.db, c.get("merchant"), memberOf(c), deps.now())),
    MCSFE_getPointConfig: get((c) => pointConfig(deps.db, c.get("merchant"), memberOf(c), deps.now())),
    MCSFE_getPointReward: get((c) => pointRewards(deps.db, c.get("merchant"), memberOf(c), deps.now(), c.get("lang"))),
    // Decision 041: the catalogue as a visitor sees it, without a token (as the visitor's promotions).
    MCSFE_getMerchantPointReward: {
      token: false,
      module: MODULE,
      methods: ["GET"],
      handle: (c) => merchantPointRewards(deps.db, c.get("merchant"), c.get("lang")),
    },
    MCSFE_getPointRewardConversionType: get((c) => conversionTypes(deps.db, c.get("merchant"), memberOf(c), deps.now(), c.get("lang"))),
    MCSFE_getRedeemPointList: get((c) => {
      // Read tolerantly: an unknown recordType is REDEEM, an unknown status no filter.
      const recordType: RecordType = c.req.query("recordType")?.trim().toUpperCase() === "POINTS" ? "POINTS" : "REDEEM";
      const raw = c.req.query("status")?.trim().toUpperCase() ?? "";
      const status = (REDEMPTION_STATUSES as readonly string[]).includes(raw) ? (raw as RedemptionStatus) : undefined;
      return redeemPointList(deps.db, c.get("merchant"), memberOf(c), recordType, status, pagingOf(c), deps.now(), c.get("lang"));
    }),
  };
}

const text = z.string().max(400).nullish();
const contactFields = {
  requestId: requestIdSchema,
  password: z.string().max(200).nullish(),
  mobile: text,
  receivingAddress: text,
  countryDialingCode: z.string().max(8).nullish(),
};
const redeemBody = z.object({ ...contactFields, rewardId: idSchema });
const convertBody = z.object({
  ...contactFields,
  points: z.union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d+)?$/)
      .transform(Number),
  ]),
});

type ContactBody = z.infer<typeof redeemBody> | z.infer<typeof convertBody>;

/** Trims and strips NULs; the receiving account or address is 3–100 characters. */
const addressOf = (value: string | null | undefined) => (value ?? "").replace(/\u0000/g, "").trim();

export function registerPointRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const session = sessionGuard(deps);
  // A switched-off module answers before the token is checked.
  const moduleOn = createMiddleware<PlatformEnv>(async (c, next) => {
    if (!c.get("modules").has(MODULE)) throw new PlatformError("function.not.available", "function.not.available", 400);
    await next();
  });
  const refuseTrial = createMiddleware<PlatformEnv>(async (c, next) => {
    if (c.get("member").accountType === 4) throw new PlatformError("trial.not.allowed", "records.trial.not.allowed");
    await next();
  });

  const actorOf = (c: PlatformContext): Actor => ({
    merchant: c.get("merchant").code,
    memberId: c.get("member").memberId,
    now: deps.now(),
    lang: c.get("lang"),
  });

  /** The mobile as international digits, unchecked (a replay's fingerprint). */
  const phoneOf = async (db: Db, c: PlatformContext, body: ContactBody) => {
    const raw = (body.mobile ?? "").replace(/\u0000/g, "").trim();
    if (!raw) return { raw, phone: null };
    let code = body.countryDialingCode;
    const digits = raw.replace(/[\s().-]/g, "");
    if (!code && /^(\+|00)\d/.test(digits)) {
      // "+91 98765 43210" without a dialing code: the served country whose code it starts with.
      const international = digits.replace(/^(\+|00)/, "");
      const served = await db.query<{ dialing_code: string }>(
        "SELECT DISTINCT dialing_code FROM countries WHERE merchant = $1 AND enabled",
        [c.get("merchant").code],
      );
      code = served
        .map((r) => r.dialing_code)
        .sort((x, y) => y.length - x.length)
        .find((d) => international.startsWith(d));
    }
    return { raw, phone: normalizePhone(raw, code, await defaultDialingCode(db, c.get("merchant").code)) };
  };

  /**
   * The checks of decision 027 before the reward's own, in order: the withdraw password, the
   * mobile (a served country's valid number, the one on file when there is one), the address.
   */
  const contactOf = async (c: PlatformContext, body: ContactBody): Promise<{ contact: Contact; replay: boolean }> => {
    const { raw, phone } = await phoneOf(deps.db, c, body);
    const receivingAddress = addressOf(body.receivingAddress);
    // A requestId answered before skips the checks: the replay answers it.
    if (await storedAnswer(deps.db, "reward_requests", c.get("member").memberId, body.requestId)) {
      // A requestId answered before: its first answer (or idempotency.conflict), nothing checked again.
      return { contact: { mobile: phone?.full ?? raw, receivingAddress }, replay: true };
    }
    const merchant = c.get("merchant").code;
    const memberId = c.get("member").memberId;
    if (passwordRequired(c)) await checkPaymentPassword(deps.db, merchant, memberId, body.password ?? "", c.get("ip"), deps.now());
    const invalidMobile = () => new PlatformError("point.mobile.invalid", "point.mobile.invalid");
    if (!phone || !(await isServedDialingCode(deps.db, merchant, phone.countryDialingCode))) throw invalidMobile();
    const [member] = await deps.db.query<{ mobile: string | null }>("SELECT mobile FROM members WHERE id = $1", [memberId]);
    if (member?.mobile && member.mobile !== phone.full) throw invalidMobile();
    if (receivingAddress.length < 3 || receivingAddress.length > 100)
      throw new PlatformError("point.address.invalid", "point.address.invalid");
    return { contact: { mobile: phone.full, receivingAddress }, replay: false };
  };

  const redeem = async (c: PlatformContext) => {
    const body = await readEncrypted(c, deps, redeemBody);
    const { contact } = await contactOf(c, body);
    return ok(c, await redeemReward(deps.db, c.get("merchant"), actorOf(c), body.requestId, body.rewardId, contact));
  };
  const convert = async (c: PlatformContext) => {
    const body = await readEncrypted(c, deps, convertBody);
    const { contact } = await contactOf(c, body);
    return ok(c, await convertPoints(deps.db, c.get("merchant"), actorOf(c), body.requestId, body.points, contact));
  };

  for (const name of ["MCSFE_redeemPointReward", "MCS2_redeemPointReward"])
    app.post(`/wps/relay/passwordCheck/${name}`, moduleOn, session, refuseTrial, redeem);
  for (const name of ["MCSFE_convertPoint", "MCS2_convertPoint"])
    app.post(`/wps/relay/passwordCheck/${name}`, moduleOn, session, refuseTrial, convert);
}

const FONT = "system-ui, 'Noto Sans Bengali', 'Segoe UI', Roboto, sans-serif";
const escapeXml = (value: string) => value.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A reward's picture (320×320): a gift box, or a coin for a bonus, on the reward's colour. The name
 * is not drawn in it (issue 26: the page writes it once, under the picture, in the player's
 * language); it stays the picture's accessible name.
 */
export function rewardSvg(name: string, type: string, seed: number): string {
  const hue = (seed * 67) % 360;
  const sparkle = (x: number, y: number, r: number) =>
    `<path d="M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}z" fill="#fff" opacity=".75"/>`;
  const sparkles = sparkle(58, 64, 14) + sparkle(264, 80, 10) + sparkle(250, 250, 16) + sparkle(70, 240, 10);
  const figure =
    type === "BONUS"
      ? `<circle cx="160" cy="168" r="100" fill="hsl(45,90%,55%)"/><circle cx="160" cy="168" r="78" fill="hsl(45,95%,65%)"/><text x="160" y="172" font-size="84" fill="hsl(35,80%,30%)">৳</text>`
      : `<rect x="70" y="136" width="180" height="128" rx="10" fill="hsl(${hue},70%,55%)"/><rect x="56" y="100" width="208" height="44" rx="8" fill="hsl(${hue},75%,62%)"/><rect x="148" y="100" width="24" height="164" fill="#fff" opacity=".85"/><path d="M160 100c-16-32-56-30-48-8 6 14 48 8 48 8zm0 0c16-32 56-30 48-8-6 14-48 8-48 8z" fill="none" stroke="#fff" stroke-width="9" opacity=".85"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320" role="img" aria-label="${escapeXml(name)}">
<rect width="320" height="320" rx="20" fill="hsl(${hue},45%,18%)"/><circle cx="160" cy="168" r="136" fill="hsl(${hue},50%,25%)"/>${sparkles}
<g font-family="${FONT}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${figure}</g>
</svg>`;
}

/** /media/point-reward/<rewardId>.svg: registered before the general /media/:kind/:file route. */
export function registerPointMedia(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/media/point-reward/:file", async (c) => {
    const match = /^(\d{1,12})\.svg$/.exec(c.req.param("file"));
    if (!match?.[1]) return c.text("Not found", 404);
    const lang = languageFrom(c.req.query("lang") ?? c.req.header("Language"));
    const reward = await rewardImageName(deps.db, Number(match[1]), lang);
    if (!reward) return c.text("Not found", 404);
    return c.body(rewardSvg(reward.name, reward.type, Number(match[1])), 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
