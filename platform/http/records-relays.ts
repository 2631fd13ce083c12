import { z } from "zod";
import { missionLeaderboard, claimMission, missionSummary } from "../services/missions";
import { accountRecord, referralDetails } from "../services/records";
import { betRecords, personalProfit } from "../services/bet-records";
import { bonusDetails, BONUS_KINDS } from "../services/bonuses";
import { rankProgress } from "../services/ranks";
import { dateRange, type DateRange } from "../services/periods";
import { findTxType, txCodeList } from "../services/tx-types";
import type { Paging } from "../services/periods";
import { type Actor, claimManualRebate, manualRebate, RewardRefused } from "../services/rewards";
import { availablePromotions, claimIssuedPromotion, joinPromotion, merchantPromotions, REMARK_MAX } from "../services/promotions";
import { claimRaffle } from "../services/raffle";
import { vipLevels } from "../services/vip";
import { withdrawLimits } from "../services/withdrawals";
import { readJson } from "./accounts";
import { type PlatformContext, type PlatformDeps, PlatformError } from "./context";
import type { Relay } from "./game-relays";
import { REQUEST_ID } from "../services/requests";

// The records and rewards relays of decision 017. Query values are read tolerantly (paging
// clamped, unknown filters ignored); a malformed date or body is parameter.invalid; business
// refusals are HTTP 200 failures with their own errorCode.

const MAX_PAGE_NO = 1_000_000;

export function intQuery(c: PlatformContext, name: string): number | undefined {
  const raw = c.req.query(name)?.trim();
  return raw && /^-?\d{1,12}$/.test(raw) ? Number(raw) : undefined;
}

/** pageNo (from 1) and pageSize (1–100, default 20), clamped: never an error. */
export function pagingOf(c: PlatformContext): Paging {
  return {
    pageNo: Math.min(Math.max(intQuery(c, "pageNo") ?? 1, 1), MAX_PAGE_NO),
    pageSize: Math.min(Math.max(intQuery(c, "pageSize") ?? 20, 1), 100),
  };
}

/** A code filter (gameType, vendor, bonusType): upper case, [A-Z0-9_], ALL or absent = none. */
function codeQuery(c: PlatformContext, name: string): string | undefined {
  const raw = c.req.query(name)?.trim().toUpperCase();
  if (!raw || raw === "ALL" || !/^[A-Z0-9_]{1,32}$/.test(raw)) return undefined;
  return raw;
}

function listQuery(c: PlatformContext, name: string): string[] {
  return (c.req.queries(name) ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 50);
}

function rangeOf(c: PlatformContext, now: Date): DateRange {
  const result = dateRange(c.req.query("dateFrom"), c.req.query("dateTo"), now);
  if (result.ok) return result.range;
  if (result.reason === "malformed") throw new PlatformError("parameter.invalid", "parameter.invalid", 400);
  throw new PlatformError("date.range.invalid", "date.range.invalid");
}

const requestBody = z.object({ requestId: z.string().regex(REQUEST_ID) }).passthrough();
const promotionBody = requestBody.extend({ promotionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** An application form's remark and pictures (decision 027 §1); anything else in them is refused by the service. */
const joinBody = promotionBody.extend({
  remark: z
    .string()
    .max(10_000)
    .nullish()
    .transform((v) => v ?? undefined),
  images: z
    .array(z.unknown())
    .max(50)
    .nullish()
    .transform((v) => (v ? v.map((image) => (typeof image === "string" ? image : "")) : undefined)),
});
const missionBody = requestBody.extend({ missionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** A refused write as the envelope failure of its code. */
async function refusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RewardRefused) {
      const key = err.code === "trial.not.allowed" ? "records.trial.not.allowed" : err.code;
      const vars: Record<string, number> | undefined =
        err.code === "upload.invalid"
          ? { count: 3, size: 5 }
          : err.code === "promotion.remark.length"
            ? { min: 1, max: REMARK_MAX }
            : undefined;
      throw new PlatformError(err.code, key, 200, vars ? { vars } : {});
    }
    throw err;
  }
}

export function recordsRelays(deps: PlatformDeps): Record<string, Relay> {
  const merchantOf = (c: PlatformContext) => c.get("merchant").code;
  const memberOf = (c: PlatformContext) => c.get("member").memberId;
  const actorOf = (c: PlatformContext): Actor => ({ merchant: merchantOf(c), memberId: memberOf(c), now: deps.now(), lang: c.get("lang") });
  /** Writes: trial accounts (type 4) are refused before anything is read. */
  const writer = (c: PlatformContext): Actor => {
    if (c.get("member").accountType === 4) throw new PlatformError("trial.not.allowed", "records.trial.not.allowed");
    return actorOf(c);
  };
  const post = (module: string | undefined, handle: Relay["handle"]): Relay => ({ token: true, module, methods: ["POST"], handle });
  const get = (module: string | undefined, handle: Relay["handle"]): Relay => ({ token: true, module, methods: ["GET"], handle });

  const raffle = post("REWCEN3", async (c) => {
    const actor = writer(c);
    const body = await readJson(c, requestBody);
    return refusals(() => claimRaffle(deps.db, actor, body.requestId));
  });

  return {
    ODSFE2_MemTransDet: get("MEMTRANS3", (c) => {
      const txType = c.req.query("txType");
      const type = txType && txType.trim().toUpperCase() !== "ALL" ? findTxType(txType) : undefined;
      const exclude = listQuery(c, "excludeTxTypeIds")
        .map(findTxType)
        .filter((t) => t !== undefined);
      return accountRecord(
        deps.db,
        merchantOf(c),
        memberOf(c),
        { range: rangeOf(c, deps.now()), txType: type, exclude, paging: pagingOf(c) },
        c.get("lang"),
      );
    }),
    GLS2_TxCodeList: get("MEMTRANS3", async (c) => txCodeList(c.get("lang"))),
    MCSFE_getBetRecords: get(undefined, (c) =>
      betRecords(deps.db, merchantOf(c), memberOf(c), {
        range: rangeOf(c, deps.now()),
        gameType: codeQuery(c, "gameType"),
        vendor: codeQuery(c, "vendor"),
        paging: pagingOf(c),
      }),
    ),
    MCSFE_getPersonalProfit: get(undefined, (c) =>
      personalProfit(deps.db, merchantOf(c), memberOf(c), rangeOf(c, deps.now()), c.get("lang")),
    ),
    MCSFE_getBonusDetails: get("REWCEN3", (c) => {
      const bonusType = codeQuery(c, "bonusType");
      const known = Object.values(BONUS_KINDS).some((k) => k.type === bonusType);
      return bonusDetails(
        deps.db,
        merchantOf(c),
        memberOf(c),
        { range: rangeOf(c, deps.now()), bonusType: known ? bonusType : undefined, paging: pagingOf(c) },
        c.get("lang"),
      );
    }),
    MCSFE_getManualRebate: get("MANPLAYREB3", (c) => manualRebate(deps.db, merchantOf(c), memberOf(c), c.get("lang"))),
    MCSFE_claimManualRebate: post("MANPLAYREB3", async (c) => {
      const actor = writer(c);
      const body = await readJson(c, requestBody);
      return refusals(() => claimManualRebate(deps.db, actor, body.requestId));
    }),
    MCSFE_getAvailablePromotions: get("REWCEN3", (c) => availablePromotions(deps.db, actorOf(c))),
    // Decision 027: the visitor's list and the VIP ladder need no token.
    MCSFE_getMerchantAvailablePromotions: {
      token: false,
      methods: ["GET"],
      handle: (c) => merchantPromotions(deps.db, merchantOf(c), deps.now(), c.get("lang")),
    },
    MCSFE_getVipLevels: {
      token: false,
      methods: ["GET"],
      handle: (c) => vipLevels(deps.db, merchantOf(c), c.get("lang"), withdrawLimits(c.get("merchant"))),
    },
    MCSFE_joinPromotion: post("REWCEN3", async (c) => {
      const actor = writer(c);
      const body = await readJson(c, joinBody);
      return refusals(() => joinPromotion(deps.db, actor, body.requestId, body.promotionId, { remark: body.remark, images: body.images }));
    }),
    MCSFE_claimIssuedPromotion: post("REWCEN3", async (c) => {
      const actor = writer(c);
      const body = await readJson(c, promotionBody);
      return refusals(() => claimIssuedPromotion(deps.db, actor, body.requestId, body.promotionId));
    }),
    MCSFE_claimRafflePromotion: raffle,
    MCS2_claimRafflePromotion: raffle,
    MCSFE_getReferralDetails: get("REFERRAL3", (c) => {
      const autoGenerate = c.req.query("autoGenerate")?.trim().toLowerCase() === "true";
      if (autoGenerate) writer(c);
      return deps.db.tx((sql) => referralDetails(sql, merchantOf(c), memberOf(c), autoGenerate));
    }),
    MCSFE_getPlayerRankProgress: get(undefined, (c) => rankProgress(deps.db, merchantOf(c), memberOf(c), deps.now(), c.get("lang"))),
    MCSFE_getMissionSummaryDetails: get("MISSIONLB3", (c) => missionSummary(deps.db, actorOf(c))),
    MCSFE_getMissionLeaderboard: get("MISSIONLB3", (c) => {
      const limit = Math.min(Math.max(intQuery(c, "limit") ?? 10, 1), 50);
      return missionLeaderboard(deps.db, actorOf(c), limit);
    }),
    MCSFE_claimMission: post("MISSIONLB3", async (c) => {
      const actor = writer(c);
      const body = await readJson(c, missionBody);
      return refusals(() => claimMission(deps.db, actor, body.requestId, body.missionId));
    }),
  };
}
