import type { Db } from "../db/db";
import { PlatformError } from "../http/context";
import { type AccountRef, applyMovement, MAIN_WALLET, postMovement } from "../ledger";
import { agentNotice } from "./agent-contracts";
import { requireAgent } from "./agents";
import { type Merchant, settingNumber } from "./merchants";
import { mainBalance, money } from "./money-common";
import type { SessionMember } from "./sessions";
import { findUpline, maskName } from "./wallet-transfer";
import { refuseTrial } from "./requests";

// Transfers between an agent and its direct downline (decision 025): main wallet → main wallet in
// one ledger movement keyed agent-transfer:<memberId>:<requestId>, so a replay answers the first
// result and moves nothing. Frozen accounts neither send nor receive; amounts stay within the
// merchant's agentTransferMin / agentTransferMax (major units).

export const TRANSFER_KINDS = { down: "agent.transfer.down", up: "agent.transfer.up" } as const;

interface Party {
  id: number;
  username: string;
}

export interface AgentTransferInput {
  requestId: string;
  /** Minor units, positive (the route has checked amount.invalid). */
  amount: number;
}

const wallet = (memberId: number): AccountRef => ({ kind: "wallet", memberId, accountTypeId: MAIN_WALLET });

/** MCS2_transferToDownline: the agent's main wallet → a direct downline's. */
export async function transferToDownline(
  db: Db,
  merchant: Merchant,
  member: SessionMember,
  input: AgentTransferInput & { downlineId: number },
  checkPassword: () => Promise<void>,
  now: Date,
) {
  requireAgent(member);
  const [downline] = await db.query<{ id: number; username: string }>(
    "SELECT id, username FROM members WHERE id = $1 AND merchant = $2 AND upline_id = $3 AND account_type <> 4",
    [input.downlineId, merchant.code, member.memberId],
  );
  if (!downline) throw new PlatformError("downline.not.direct", "downline.not.direct");
  const to = { id: Number(downline.id), username: downline.username };
  const result = await move(db, merchant, { id: member.memberId, username: member.username }, to, "down", input, checkPassword, now);
  return { ...result, downlineId: to.id, downlineAccount: to.username };
}

/** MCS2_transferToUpline: any real account's main wallet → its upline's. */
export async function transferToUplineAgent(
  db: Db,
  merchant: Merchant,
  member: SessionMember,
  input: AgentTransferInput,
  checkPassword: () => Promise<void>,
  now: Date,
) {
  refuseTrial(member);
  const upline = await findUpline(db, merchant.code, member.memberId);
  if (!upline) throw new PlatformError("upline.not.found", "upline.not.found");
  const result = await move(
    db,
    merchant,
    { id: member.memberId, username: member.username },
    { id: Number(upline.id), username: upline.username },
    "up",
    input,
    checkPassword,
    now,
  );
  return { ...result, uplineName: maskName(upline.username) };
}

async function move(
  db: Db,
  merchant: Merchant,
  from: Party,
  to: Party,
  direction: "down" | "up",
  input: AgentTransferInput,
  checkPassword: () => Promise<void>,
  now: Date,
) {
  const movement = {
    merchant: merchant.code,
    idempotencyKey: `agent-transfer:${from.id}:${input.requestId}`,
    kind: TRANSFER_KINDS[direction],
    memo: `${direction === "down" ? "to downline" : "to upline"} ${to.username}`,
    now,
    legs: [
      { account: wallet(from.id), amount: -input.amount },
      { account: wallet(to.id), amount: input.amount },
    ],
  };
  const answer = async (replayed: boolean) => ({
    amount: input.amount / 100,
    balance: (await mainBalance(db, from.id)) / 100,
    ...(replayed ? { replayed: true as const } : {}),
  });

  // A requestId already used: the ledger answers the first movement, or refuses other content,
  // before anything else is checked (an account frozen since must not change a replay's answer).
  const used = await db.query("SELECT 1 FROM ledger_transactions WHERE merchant = $1 AND idempotency_key = $2", [
    merchant.code,
    movement.idempotencyKey,
  ]);
  if (used.length > 0) return answer((await postMovement(db, movement)).replayed);

  const min = Math.round(settingNumber(merchant, "agentTransferMin", 1) * 100);
  const max = Math.round(settingNumber(merchant, "agentTransferMax", 50_000) * 100);
  if (input.amount < min || input.amount > max) {
    throw new PlatformError("transfer.amount.limit", "transfer.amount.limit", 200, {
      vars: { min: money(merchant, min), max: money(merchant, max) },
    });
  }
  const frozen = await db.query("SELECT 1 FROM members WHERE id = ANY($1::bigint[]) AND frozen", [[from.id, to.id]]);
  if (frozen.length > 0) throw new PlatformError("account.frozen", "account.frozen");
  await checkPassword();

  const replayed = await db.tx(async (sql) => {
    const done = await applyMovement(sql, movement);
    // A twin that raced past the check above lands here as a replay: no second message.
    if (!done.replayed) {
      const amount = money(merchant, input.amount);
      // The upline's name stays masked to its downline, as MCSFE_getUplineInfo shows it.
      const recipient = direction === "up" ? maskName(to.username) : to.username;
      await agentNotice(
        sql,
        merchant.code,
        from.id,
        "AGENT_TRANSFER",
        "inbox.transfer.title",
        "inbox.transfer.sent",
        { amount, account: recipient },
        now,
      );
      await agentNotice(
        sql,
        merchant.code,
        to.id,
        "AGENT_TRANSFER",
        "inbox.transfer.title",
        "inbox.transfer.received",
        { amount, account: from.username },
        now,
      );
    }
    return done.replayed;
  });
  return answer(replayed);
}
