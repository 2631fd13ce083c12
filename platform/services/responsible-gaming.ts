import type { Sql } from "../db/db";

// stub: the responsible-gaming part replaces this
export async function checkDepositLimit(_sql: Sql, _merchant: string, _memberId: number, _amountMinor: number, _now: Date): Promise<void> {}
