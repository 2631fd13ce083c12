import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import type { Merchant } from "./merchants";

/**
 * GET /wps/v2/wallets/balance: every wallet the merchant offers, main wallet (2) first. A trial
 * account (type 4) sees its trial book; everyone else only the real one.
 */
export async function walletBalances(sql: Sql, merchant: Merchant, memberId: number, lang: Language, trial = false) {
  const rows = await sql.query<{ account_type_id: number; display_name: Localized; account_id: number | null; balance: number | null }>(
    `SELECT w.account_type_id, w.display_name, a.id AS account_id, a.balance
       FROM wallet_types w
       LEFT JOIN ledger_accounts a
              ON a.kind = $3 AND a.member_id = $2 AND a.account_type_id = w.account_type_id
      WHERE w.merchant = $1
      ORDER BY w.sort, w.account_type_id`,
    [merchant.code, memberId, trial ? "trial" : "wallet"],
  );
  const balance = rows.map((row) => ({
    accountTypeId: row.account_type_id,
    accountId: row.account_id ?? 0,
    displayName: pick(row.display_name, lang),
    availBalance: toMajor(row.balance ?? 0),
    status: "OK",
  }));
  const sumMinor = rows.reduce((sum, row) => sum + (row.balance ?? 0), 0);
  return { sumBalance: toMajor(sumMinor), balance, currency: merchant.currency, currencySymbol: merchant.currencySymbol };
}
