import type { Db } from "../db/db";
import { PlatformError } from "../http/context";
import { type AccountRef, applyMovement, lockAccounts, MAIN_WALLET, transfer } from "../ledger";
import type { Language } from "../messages";
import { mainBalance } from "./money-common";
import { type Merchant, settingBoolean } from "./merchants";
import type { SessionMember } from "./sessions";
import { walletBalances } from "./wallets";
import { refuseTrial } from "./requests";

// Wallet transfers (decision 016): main ↔ vendor wallet, recall of every vendor wallet, and the
// transfer to the upline. Each is one ledger movement keyed by member and requestId, so a replay
// answers the first result and moves nothing.

export const isSingleWallet = (merchant: Merchant) => settingBoolean(merchant, "singleWallet", false);

const wallet = (memberId: number, accountTypeId: number): AccountRef => ({ kind: "wallet", memberId, accountTypeId });

async function walletTypeIds(db: Db, merchant: string): Promise<number[]> {
  const rows = await db.query<{ account_type_id: number }>(
    "SELECT account_type_id FROM wallet_types WHERE merchant = $1 ORDER BY account_type_id",
    [merchant],
  );
  return rows.map((r) => r.account_type_id);
}

export interface WalletTransferInput {
  requestId: string;
  fromAccountTypeId: number;
  toAccountTypeId: number;
  /** Minor units. */
  amount: number;
}

/** GCS_walletTransfer → the balance shape after the move. */
export async function walletTransfer(
  db: Db,
  merchant: Merchant,
  member: SessionMember,
  input: WalletTransferInput,
  lang: Language,
  now: Date,
) {
  refuseTrial(member);
  const types = await walletTypeIds(db, merchant.code);
  const { fromAccountTypeId: from, toAccountTypeId: to } = input;
  if (from === to || !types.includes(from) || !types.includes(to) || (from !== MAIN_WALLET && to !== MAIN_WALLET)) {
    throw new PlatformError("wallet.not.found", "wallet.not.found");
  }
  if (to !== MAIN_WALLET && isSingleWallet(merchant)) throw new PlatformError("wallet.single.mode", "wallet.single.mode");
  await transfer(db, {
    merchant: merchant.code,
    from: wallet(member.memberId, from),
    to: wallet(member.memberId, to),
    amount: input.amount,
    idempotencyKey: `wallet:${member.memberId}:${input.requestId}`,
    kind: "wallet.transfer",
    memo: `${from} → ${to}`,
    now,
  });
  return walletBalances(db, merchant, member.memberId, lang);
}

/** GCS_walletReturn: every vendor wallet's balance back to main, in one movement. */
export async function walletReturn(db: Db, merchant: Merchant, member: SessionMember, requestId: string, lang: Language, now: Date) {
  refuseTrial(member);
  const types = await walletTypeIds(db, merchant.code);
  const vendorTypes = types.filter((t) => t !== MAIN_WALLET);
  const key = `walletReturn:${member.memberId}:${requestId}`;
  await db.tx(async (sql) => {
    // The wallets locked first: a twin with the same requestId waits, then finds the key.
    const held = await lockAccounts(sql, merchant.code, [
      wallet(member.memberId, MAIN_WALLET),
      ...vendorTypes.map((t) => wallet(member.memberId, t)),
    ]);
    const done = await sql.query("SELECT 1 FROM ledger_transactions WHERE merchant = $1 AND idempotency_key = $2", [merchant.code, key]);
    if (done.length > 0) return;
    const legs = vendorTypes
      .map((t, i) => ({ account: wallet(member.memberId, t), amount: -held[i + 1]!.balance }))
      .filter((leg) => leg.amount < 0);
    if (legs.length === 0) return;
    const total = legs.reduce((sum, leg) => sum - leg.amount, 0);
    await applyMovement(sql, {
      merchant: merchant.code,
      idempotencyKey: key,
      kind: "wallet.return",
      memo: "recall to main wallet",
      now,
      legs: [...legs, { account: wallet(member.memberId, MAIN_WALLET), amount: total }],
    });
  });
  return walletBalances(db, merchant, member.memberId, lang);
}

/** The member's upline when it is a real account of the same merchant, else null. */
export async function findUpline(db: Db, merchant: string, memberId: number): Promise<{ id: number; username: string } | null> {
  const [row] = await db.query<{ id: number; username: string }>(
    `SELECT u.id, u.username FROM members m JOIN members u ON u.id = m.upline_id
      WHERE m.id = $1 AND m.merchant = $2 AND u.merchant = $2 AND u.account_type <> 4`,
    [memberId, merchant],
  );
  return row ?? null;
}

/** "de***nt": first two letters, ***, last two (as the winners board masks names). */
export const maskName = (name: string) => (name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`);

/** MCSFE_transferToUpline: main wallet → the upline's main wallet. The password is checked by the caller. */
export async function transferToUpline(
  db: Db,
  merchant: Merchant,
  member: SessionMember,
  input: { requestId: string; amount: number },
  now: Date,
) {
  refuseTrial(member);
  const upline = await findUpline(db, merchant.code, member.memberId);
  if (!upline) throw new PlatformError("upline.not.found", "upline.not.found");
  await transfer(db, {
    merchant: merchant.code,
    from: wallet(member.memberId, MAIN_WALLET),
    to: wallet(upline.id, MAIN_WALLET),
    amount: input.amount,
    idempotencyKey: `upline:${member.memberId}:${input.requestId}`,
    kind: "upline.transfer",
    memo: `to upline ${upline.username}`,
    now,
  });
  return { amount: input.amount / 100, balance: (await mainBalance(db, member.memberId)) / 100, uplineName: maskName(upline.username) };
}
