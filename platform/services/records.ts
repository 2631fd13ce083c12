import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { newReferralCode } from "./referral-codes";
import { type DateRange, type Paging, totalPages } from "./periods";
import { KNOWN_KINDS, kindFilter, type TxType, txTypeOfKind } from "./tx-types";
import { memoTitle } from "./bonuses";

// The records pages of decision 017: the account record (the member's wallet entries in the
// ledger) and the referral details; the betting record is in bets.ts, the bonus details in
// bonuses.ts, the player rank in ranks.ts. All reads; money is in minor units here and major on
// the wire.

export interface AccountRecordQuery {
  range: DateRange;
  /** Only this type; undefined = all. */
  txType?: TxType;
  exclude: TxType[];
  paging: Paging;
}

/** GET ODSFE2_MemTransDet: one row per entry on the member's real wallets, newest first. */
export async function accountRecord(sql: Sql, merchant: string, memberId: number, q: AccountRecordQuery, lang: Language) {
  const include = q.txType ? kindFilter([q.txType]) : null;
  const exclude = kindFilter(q.exclude);
  // $5/$6: include kinds (null = every kind) and whether "other" kinds are included;
  // $7/$8: excluded kinds and whether "other" kinds are excluded; $9: the known kinds.
  const where = `
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      LEFT JOIN wallet_types w ON w.merchant = a.merchant AND w.account_type_id = a.account_type_id
     WHERE a.merchant = $1 AND a.kind = 'wallet' AND a.member_id = $2
       AND t.created_at >= $3 AND t.created_at <= $4
       AND ($5::text[] IS NULL OR t.kind = ANY($5) OR ($6 AND NOT t.kind = ANY($9)))
       AND NOT (t.kind = ANY($7) OR ($8 AND NOT t.kind = ANY($9)))`;
  const params = [
    merchant,
    memberId,
    q.range.from,
    q.range.to,
    include ? include.kinds : null,
    include?.other ?? false,
    exclude.kinds,
    exclude.other,
    KNOWN_KINDS,
  ];
  const [count] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, params);
  const total = count?.n ?? 0;
  const rows = await sql.query<{
    id: number;
    transaction_id: number;
    kind: string;
    amount: number;
    balance_after: number;
    account_type_id: number;
    display_name: Localized | null;
    created_at: Date;
    memo: string;
  }>(
    `SELECT e.id, e.transaction_id, t.kind, e.amount, e.balance_after, a.account_type_id, w.display_name, t.created_at, t.memo
       ${where}
      ORDER BY t.created_at DESC, e.id DESC
      LIMIT $10 OFFSET $11`,
    [...params, q.paging.pageSize, (q.paging.pageNo - 1) * q.paging.pageSize],
  );
  const list = rows.map((row) => {
    const type = txTypeOfKind(row.kind);
    return {
      id: Number(row.id),
      transactionId: Number(row.transaction_id),
      txType: type.code,
      txTypeId: type.id,
      txTypeName: pick(type.name, lang),
      amount: toMajor(Number(row.amount)),
      balanceAfter: toMajor(Number(row.balance_after)),
      accountTypeId: row.account_type_id,
      walletName: pick(row.display_name, lang),
      time: new Date(row.created_at).getTime(),
      remark: memoTitle(row.memo ?? "", lang),
    };
  });
  return { list, total, totalPages: totalPages(total, q.paging.pageSize) };
}

/** GET MCSFE_getReferralDetails; with autoGenerate a member without a code gets one. */
export async function referralDetails(sql: Sql, merchant: string, memberId: number, autoGenerate: boolean) {
  const [member] = await sql.query<{ referral_code: string | null }>("SELECT referral_code FROM members WHERE id = $1 AND merchant = $2", [
    memberId,
    merchant,
  ]);
  let code = member?.referral_code ?? null;
  if (!code && autoGenerate) {
    for (let attempt = 0; attempt < 10 && !code; attempt++) {
      const candidate = newReferralCode();
      const taken = await sql.query("SELECT 1 FROM members WHERE merchant = $1 AND upper(referral_code) = $2", [merchant, candidate]);
      if (taken.length > 0) continue;
      const [row] = await sql.query<{ referral_code: string }>(
        "UPDATE members SET referral_code = coalesce(referral_code, $3) WHERE id = $1 AND merchant = $2 RETURNING referral_code",
        [memberId, merchant, candidate],
      );
      code = row?.referral_code ?? null;
    }
  }
  const [count] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE merchant = $1 AND referred_by = $2", [
    merchant,
    memberId,
  ]);
  return {
    referralCode: code,
    referralLink: code ? `/register?referralCode=${encodeURIComponent(code)}` : null,
    totalInvitations: count?.n ?? 0,
  };
}
