import { randomAlphanumeric } from "../crypto";
import { applyMovement, MAIN_WALLET } from "../ledger";
import { PlatformError } from "../http/context";
import { parseAmount } from "../money";
import { type AccountContext, completeLogin, type LoginResult } from "./complete-login";
import { findMemberById, TRIAL_ACCOUNT } from "./members";
import { settingNumber } from "./merchants";
import { recordEvent } from "./security-events";

// FREEPLAY3: a new trial account (type 4) per call, holding the freePlayCredit setting in the
// trial book (trial wallet against the trial house), never in a real wallet.

/** Trial accounts one IP may open per hour. */
export const TRIALS_PER_IP_PER_HOUR = 10;

/** Stored where a password hash would be; verifyPassword never accepts it. */
const NO_PASSWORD = "!trial";

export async function startFreePlay(ctx: AccountContext, os: string): Promise<LoginResult> {
  const { db, merchant, ip, now } = ctx;
  const [recent] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM members WHERE merchant = $1 AND account_type = 4 AND registered_ip = $2 AND created_at > $3",
    [merchant.code, ip, new Date(now.getTime() - 60 * 60 * 1000)],
  );
  if ((recent?.n ?? 0) >= TRIALS_PER_IP_PER_HOUR) throw new PlatformError("too.many.requests", "too.many.requests");
  const credit = parseAmount(String(settingNumber(merchant, "freePlayCredit", 2000))) ?? 0;

  const memberId = await db.tx(async (sql) => {
    const username = `trial_${randomAlphanumeric(10).toLowerCase()}`;
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO members (merchant, username, password_hash, account_type, nickname, first_login, password_changed_at,
                            registered_ip, register_info, created_at)
       VALUES ($1, $2, $3, $4, 'Guest', true, $5, $6, $7, $5) RETURNING id`,
      [merchant.code, username, NO_PASSWORD, TRIAL_ACCOUNT, now, ip, JSON.stringify({ mode: "freeplay", os })],
    );
    if (!row) throw new Error("trial insert returned no id");
    if (credit > 0) {
      await applyMovement(sql, {
        merchant: merchant.code,
        idempotencyKey: `freeplay:${row.id}`,
        kind: "freeplay.credit",
        memo: "free play credit",
        now,
        legs: [
          { account: { kind: "trialHouse" }, amount: -credit },
          { account: { kind: "trial", memberId: row.id, accountTypeId: MAIN_WALLET }, amount: credit },
        ],
      });
    }
    await recordEvent(sql, { merchant: merchant.code, memberId: row.id, kind: "freeplay.started", ip, at: now, detail: { os } });
    return row.id;
  });
  const member = await findMemberById(db, memberId);
  if (!member) throw new Error(`trial account ${memberId} vanished`);
  return completeLogin(ctx, member, { method: "freeplay", defaultPassword: false });
}
