import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import {
  CONTRACT_ACTIONS,
  CONTRACT_RELAYS,
  CONTRACT_STATUSES,
  contractMove,
  type ContractRole,
  listContracts,
} from "../services/agent-contracts";
import { CONTRACT_GATES, CONTRACT_TYPES, type ContractType, contractTypeOn, requireAgent } from "../services/agents";
import { transferToDownline, transferToUplineAgent } from "../services/agent-transfer";
import { amountSchema, pageFrom, toMinor } from "../services/money-common";
import { checkPaymentPassword } from "../services/money-password";
import { readJson } from "./accounts";
import { ok, type PlatformContext, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { readEncrypted } from "./encrypted";
import type { Relay } from "./game-relays";
import { sessionGuard } from "./guards";
import { idSchema, passwordRequired } from "./money-relays";
import { requestIdSchema } from "../services/requests";

// Contracts, settlement and transfers between upline and downline of decision 025: the four
// contract relays (registered into relay-routes.ts's table) and the encrypted transfer calls.

const notAvailable = () => new PlatformError("function.not.available", "function.not.available", 400);

/** POST of a contract relay; terms are checked per type by the service (contract.terms.invalid). */
const contractBody = z.object({
  requestId: requestIdSchema,
  action: z
    .string()
    .max(16)
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(CONTRACT_ACTIONS)),
  contractId: idSchema.nullish(),
  downlineId: idSchema.nullish(),
  terms: z.unknown().optional(),
  confirm: z
    .union([z.boolean(), z.enum(["true", "false"]), z.literal(0), z.literal(1)])
    .nullish()
    .transform((v) => v === true || v === "true" || v === 1),
});

export function agentContractRelays(deps: PlatformDeps): Record<string, Relay> {
  const session = sessionGuard(deps);
  const q = (c: PlatformContext, name: string) =>
    c.req
      .query(name)
      ?.replace(/\u0000/g, "")
      .trim()
      .slice(0, 64) || undefined;

  const relay = (type: ContractType): Relay => ({
    // The token is checked in handle, after the merchant's agentContracts setting: a type switched
    // off answers function.not.available before the token, as a module that is off does.
    token: false,
    module: CONTRACT_GATES[type].module,
    methods: ["GET", "POST"],
    handle: async (c) => {
      if (!contractTypeOn(c.get("merchant"), c.get("modules"), type)) throw notAvailable();
      await session(c, async () => {});
      const member = c.get("member");
      requireAgent(member);
      if (c.req.method === "GET") {
        const role = q(c, "role")?.toLowerCase();
        const status = q(c, "status")?.toUpperCase();
        return listContracts(deps.db, c.get("merchant").code, member.memberId, type, {
          role: role === "mine" || role === "team" ? (role as ContractRole) : "all",
          status: (CONTRACT_STATUSES as readonly string[]).includes(status ?? "")
            ? (status as (typeof CONTRACT_STATUSES)[number])
            : undefined,
          page: pageFrom(q(c, "pageNo"), q(c, "pageSize")),
        });
      }
      const body = await readJson(c, contractBody);
      const request = {
        requestId: body.requestId,
        action: body.action,
        contractId: body.contractId ?? undefined,
        downlineId: body.downlineId ?? undefined,
        terms: body.terms,
        confirm: body.confirm,
      };
      return contractMove(deps.db, c.get("merchant"), member, type, request, deps.now());
    },
  });

  return Object.fromEntries(CONTRACT_TYPES.map((type) => [CONTRACT_RELAYS[type], relay(type)]));
}

const downBody = z.object({
  requestId: requestIdSchema,
  downlineId: idSchema,
  amount: amountSchema,
  password: z.string().max(200).nullish(),
});
const upBody = z.object({ requestId: requestIdSchema, amount: amountSchema, password: z.string().max(200).nullish() });

export function registerAgentContractRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const session = sessionGuard(deps);
  // A switched-off module answers before the token is checked.
  const funds = createMiddleware<PlatformEnv>(async (c, next) => {
    if (!c.get("modules").has("FUNDTRANS3")) throw notAvailable();
    await next();
  });
  const password = (c: PlatformContext, given: string | null | undefined) => async () => {
    if (passwordRequired(c))
      await checkPaymentPassword(deps.db, c.get("merchant").code, c.get("member").memberId, given ?? "", c.get("ip"), deps.now());
  };

  app.post("/wps/relay/passwordCheck/MCS2_transferToDownline", funds, session, async (c) => {
    const member = c.get("member");
    requireAgent(member);
    const body = await readEncrypted(c, deps, downBody);
    const input = { requestId: body.requestId, downlineId: body.downlineId, amount: toMinor(body.amount) };
    return ok(c, await transferToDownline(deps.db, c.get("merchant"), member, input, password(c, body.password), deps.now()));
  });

  app.post("/wps/relay/passwordCheck/MCS2_transferToUpline", funds, session, async (c) => {
    const body = await readEncrypted(c, deps, upBody);
    const input = { requestId: body.requestId, amount: toMinor(body.amount) };
    return ok(c, await transferToUplineAgent(deps.db, c.get("merchant"), c.get("member"), input, password(c, body.password), deps.now()));
  });
}
