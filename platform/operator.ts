import { randomUUID } from "node:crypto";
import type { Db } from "./db/db";
import { creditWallet, LedgerError, MAIN_WALLET } from "./ledger";
import { type Language, LANGUAGES } from "./messages";
import { formatMinor, parseAmount, toMajor } from "./money";
import { findMemberByUsername, TRIAL_ACCOUNT } from "./services/members";
import { MERCHANT_STATUSES, type MerchantStatus } from "./services/merchants";

// What an operator's back office does, as functions on the database. The CLI and the operator
// listener both call these.

export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperatorError";
  }
}

async function requireMerchant(db: Db, merchant: string): Promise<void> {
  const rows = await db.query("SELECT 1 FROM merchants WHERE code = $1", [merchant]);
  if (rows.length === 0) throw new OperatorError(`Unknown merchant "${merchant}".`);
}

export function isMerchantStatus(value: unknown): value is MerchantStatus {
  return typeof value === "string" && (MERCHANT_STATUSES as readonly string[]).includes(value);
}

/** normal → status 0; maintenance → 1; restricted → 2 (every visitor's region is blocked). */
export async function setStatus(db: Db, merchant: string, status: MerchantStatus) {
  if (!isMerchantStatus(status)) throw new OperatorError(`Status must be one of ${MERCHANT_STATUSES.join(", ")}.`);
  await requireMerchant(db, merchant);
  await db.query("UPDATE merchants SET status = $2 WHERE code = $1", [merchant, status]);
  return { merchant, status };
}

/**
 * Credits (or, negative, debits) a member's main wallet through the ledger. A fresh idempotency
 * key per call unless the caller passes one to make a retry safe.
 */
export async function credit(db: Db, merchant: string, username: string, amount: string | number, idempotencyKey?: string) {
  const minor = parseAmount(amount);
  if (minor === null || minor === 0) throw new OperatorError(`Amount "${amount}" must be a non-zero number with at most 2 decimals.`);
  await requireMerchant(db, merchant);
  const member = await findMemberByUsername(db, merchant, username);
  if (!member) throw new OperatorError(`No member "${username}" at merchant "${merchant}".`);
  if (member.account_type === TRIAL_ACCOUNT) throw new OperatorError(`${member.username} is a trial account: it holds no real money.`);
  try {
    const result = await creditWallet(db, {
      merchant,
      memberId: member.id,
      accountTypeId: MAIN_WALLET,
      amount: minor,
      idempotencyKey: idempotencyKey ?? `operator:${randomUUID()}`,
      kind: "operator.credit",
      memo: "operator credit",
    });
    const wallet = result.entries.find((entry) => entry.amount === minor);
    return {
      username: member.username,
      amount: toMajor(minor),
      balance: toMajor(wallet?.balanceAfter ?? 0),
      replayed: result.replayed,
    };
  } catch (err) {
    if (err instanceof LedgerError && err.code === "insufficient.balance") {
      throw new OperatorError(`${member.username} does not hold ${formatMinor(-minor)} to take back.`);
    }
    if (err instanceof LedgerError) throw new OperatorError(err.message);
    throw err;
  }
}

export async function setModule(db: Db, merchant: string, modId: string, on: boolean) {
  await requireMerchant(db, merchant);
  const rows = await db.query<{ mod_id: string }>(
    "UPDATE modules SET enabled = $3 WHERE merchant = $1 AND upper(mod_id) = upper($2) RETURNING mod_id",
    [merchant, modId, on],
  );
  if (!rows[0]) throw new OperatorError(`Unknown module "${modId}".`);
  return { modId: rows[0].mod_id, enabled: on };
}

/**
 * The languages the site offers (whitelabel `languages`) and its default: "all" for every language
 * the platform speaks, or a comma list such as EN,BN,UR; the default is the first unless named.
 */
export async function setLanguages(db: Db, merchant: string, list: string, defaultLanguage?: string) {
  const codes =
    list.trim().toLowerCase() === "all"
      ? [...LANGUAGES]
      : list
          .split(",")
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean);
  const unknown = codes.filter((c) => !(LANGUAGES as readonly string[]).includes(c));
  if (codes.length === 0 || unknown.length > 0) {
    throw new OperatorError(
      `Languages must be "all" or a comma list of ${LANGUAGES.join(", ")}${unknown.length ? `, not ${unknown.join(", ")}` : ""}.`,
    );
  }
  const fallback = (defaultLanguage ?? codes[0]!).toUpperCase();
  if (!codes.includes(fallback as Language))
    throw new OperatorError(`The default language ${fallback} must be one of ${codes.join(", ")}.`);
  await setSetting(db, merchant, "languages", [...new Set(codes)]);
  await setSetting(db, merchant, "defaultLanguage", fallback);
  return { languages: [...new Set(codes)], defaultLanguage: fallback };
}

/** Any JSON value under a top-level key of the merchant's settings. */
export async function setSetting(db: Db, merchant: string, key: string, value: unknown) {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key)) throw new OperatorError(`Setting name "${key}" must be letters, digits or _.`);
  if (value === undefined) throw new OperatorError("A setting needs a value.");
  await requireMerchant(db, merchant);
  await db.query("UPDATE merchants SET settings = settings || jsonb_build_object($2::text, $3::jsonb) WHERE code = $1", [
    merchant,
    key,
    JSON.stringify(value),
  ]);
  return { key, value };
}

export interface AccountSummary {
  id: number;
  username: string;
  type: number;
  rankLevel: number;
  mainBalance: number;
  totalBalance: number;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
}

export async function listAccounts(db: Db, merchant: string): Promise<AccountSummary[]> {
  await requireMerchant(db, merchant);
  const rows = await db.query<{
    id: number;
    username: string;
    account_type: number;
    rank_level: number;
    main: number;
    total: number;
    last_login_at: Date | null;
    last_login_ip: string | null;
  }>(
    `SELECT m.id, m.username, m.account_type, m.rank_level, m.last_login_at, m.last_login_ip,
            coalesce(sum(a.balance) FILTER (WHERE a.account_type_id = $2), 0)::bigint AS main,
            coalesce(sum(a.balance), 0)::bigint AS total
       FROM members m LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'wallet'
      WHERE m.merchant = $1
      GROUP BY m.id ORDER BY m.id`,
    [merchant, MAIN_WALLET],
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    type: row.account_type,
    rankLevel: row.rank_level,
    mainBalance: toMajor(row.main),
    totalBalance: toMajor(row.total),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    lastLoginIp: row.last_login_ip,
  }));
}
