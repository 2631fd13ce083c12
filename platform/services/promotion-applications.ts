import type { Db, Sql } from "../db/db";
import { lockAccounts, MAIN_WALLET } from "../ledger";
import { LANGUAGES, type Language, type Localized } from "../messages";
import { toMajor } from "../money";
import { notify } from "./inbox";
import { type Actor, creditBonus, RewardRefused } from "./rewards";
import { applicationLedgerKey, setMemberStatus } from "./promotions";

// Applications to needs_review promotions (decision 027 §1): the member's pictures (owner only)
// and the operator's review. Only an APPLYING application can be reviewed: approve → ISSUED (the
// member claims), issue → the bonus credited at once (CLAIMED), reject → REJECTED with a reason.
// Every decision writes a PROMOTION message to the member's inbox in the same transaction.

export class ApplicationRefused extends Error {}

export type ReviewAction = "approve" | "issue" | "reject";
export const REASON_MAX = 200;

/** A picture of an application for its owner only: null for anyone else or no such picture. */
export async function applicationImage(sql: Sql, merchant: string, memberId: number, applicationId: number, n: number) {
  const [row] = await sql.query<{ mime: string; data: Uint8Array }>(
    `SELECT i.mime, i.data FROM promotion_application_images i JOIN promotion_applications a ON a.id = i.application_id
      WHERE a.id = $1 AND i.n = $2 AND a.merchant = $3 AND a.member_id = $4`,
    [applicationId, n, merchant, memberId],
  );
  return row ?? null;
}

export async function listApplications(sql: Sql, merchant: string, openOnly: boolean) {
  const rows = await sql.query<{
    id: number;
    username: string;
    code: string;
    remark: string;
    status: string;
    reason: string;
    created_at: Date;
    decided_at: Date | null;
    images: number;
  }>(
    `SELECT a.id, m.username, p.code, a.remark, a.status, a.reason, a.created_at, a.decided_at,
            (SELECT count(*)::int FROM promotion_application_images i WHERE i.application_id = a.id) AS images
       FROM promotion_applications a JOIN members m ON m.id = a.member_id JOIN promotions p ON p.id = a.promotion_id
      WHERE a.merchant = $1 AND (NOT $2 OR a.status = 'APPLYING')
      ORDER BY a.created_at DESC, a.id DESC LIMIT 200`,
    [merchant, openOnly],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    member: r.username,
    promotion: r.code,
    remark: r.remark,
    status: r.status,
    images: Number(r.images),
    time: new Date(r.created_at).toISOString(),
    decided: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    reason: r.reason,
  }));
}

const TEXTS: Record<"approve" | "issue" | "reject", { title: Localized; content: Localized }> = {
  approve: {
    title: { EN: "Promotion application approved", BN: "প্রোমোশনের আবেদন অনুমোদিত হয়েছে" },
    content: {
      EN: "Your application no. {id} for “{promotion}” has been approved. Claim your bonus of {amount} in the reward centre.",
      BN: "“{promotion}”-এর জন্য আপনার আবেদন নং {id} অনুমোদিত হয়েছে। রিওয়ার্ড সেন্টার থেকে আপনার {amount} বোনাস দাবি করুন।",
    },
  },
  issue: {
    title: { EN: "Promotion bonus credited", BN: "প্রোমোশন বোনাস জমা হয়েছে" },
    content: {
      EN: "Your application no. {id} for “{promotion}” has been approved and the bonus of {amount} has been credited to your main wallet.",
      BN: "“{promotion}”-এর জন্য আপনার আবেদন নং {id} অনুমোদিত হয়েছে এবং {amount} বোনাস আপনার প্রধান ওয়ালেটে জমা হয়েছে।",
    },
  },
  reject: {
    title: { EN: "Promotion application rejected", BN: "প্রোমোশনের আবেদন প্রত্যাখ্যাত হয়েছে" },
    content: {
      EN: "Your application no. {id} for “{promotion}” was not approved. Reason: {reason}",
      BN: "“{promotion}”-এর জন্য আপনার আবেদন নং {id} অনুমোদিত হয়নি। কারণ: {reason}",
    },
  },
};

/** The message in every language the promotion's title has (EN and BN at least), its title filled in per language. */
function messageOf(action: ReviewAction, title: Localized, vars: Record<string, string>): { title: Localized; content: Localized } {
  const text = TEXTS[action];
  const out = { title: {} as Localized, content: {} as Localized };
  for (const lang of LANGUAGES as readonly Language[]) {
    const template = text.content[lang];
    const heading = text.title[lang];
    if (!template || !heading) continue;
    out.title[lang] = heading;
    const fill: Record<string, string> = { ...vars, promotion: title[lang] ?? title.EN ?? "" };
    out.content[lang] = template.replace(/\{(\w+)\}/g, (whole, name: string) => fill[name] ?? whole);
  }
  return out;
}

/**
 * The operator's decision on an APPLYING application. The member's main wallet and the house are
 * held first (the ledger's lock order, as a claim holds them), then the application row: a second
 * decision, concurrent or later, finds it decided and is refused; the bonus moves once (ledger key
 * by application id, the same key the member's claim of an approved application uses).
 */
export async function reviewApplication(
  db: Db,
  merchant: string,
  id: number,
  action: ReviewAction,
  reasonText: string | undefined,
  now: Date,
) {
  const reason = (reasonText ?? "").replace(/\u0000/g, "").trim();
  if (action === "reject" && (!reason || [...reason].length > REASON_MAX))
    throw new ApplicationRefused(`A rejection needs a reason of 1 to ${REASON_MAX} characters.`);
  const [found] = await db.query<{ member_id: number }>("SELECT member_id FROM promotion_applications WHERE id = $1 AND merchant = $2", [
    id,
    merchant,
  ]);
  if (!found) throw new ApplicationRefused(`No application ${id} at merchant "${merchant}".`);
  const memberId = Number(found.member_id);
  try {
    return await db.tx(async (sql) => {
      await lockAccounts(sql, merchant, [{ kind: "wallet", memberId, accountTypeId: MAIN_WALLET }, { kind: "house" }]);
      const [row] = await sql.query<{
        status: string;
        promotion_id: number;
        bonus: number;
        title: Localized;
        member_status: string | null;
      }>(
        `SELECT a.status, a.promotion_id, p.bonus, p.title, mp.status AS member_status
           FROM promotion_applications a JOIN promotions p ON p.id = a.promotion_id
           LEFT JOIN member_promotions mp ON mp.member_id = a.member_id AND mp.promotion_id = a.promotion_id
          WHERE a.id = $1 FOR UPDATE OF a`,
        [id],
      );
      if (!row) throw new ApplicationRefused(`No application ${id} at merchant "${merchant}".`);
      if (row.status !== "APPLYING")
        throw new ApplicationRefused(`Application ${id} is ${row.status}: only an APPLYING application can be reviewed.`);
      if (row.member_status !== "APPLYING") {
        throw new ApplicationRefused(
          `The member's status in this promotion is ${row.member_status ?? "(none)"} (set by the promotion command): the application cannot be reviewed.`,
        );
      }
      const promotionId = Number(row.promotion_id);
      const bonus = Number(row.bonus);
      const actor: Actor = { merchant, memberId, now, lang: "EN" };
      let status: "ISSUED" | "CLAIMED" | "REJECTED";
      let ledgerTx: number | null = null;
      if (action === "issue") {
        if (bonus <= 0) throw new ApplicationRefused(`The promotion has no bonus to issue: approve or reject application ${id}.`);
        const credit = await creditBonus(sql, actor, applicationLedgerKey(id), "promotion", bonus, row.title);
        ledgerTx = credit.transactionId;
        status = "CLAIMED";
        await setMemberStatus(sql, actor, promotionId, "CLAIMED", bonus, ledgerTx);
      } else {
        status = action === "approve" ? "ISSUED" : "REJECTED";
        await setMemberStatus(sql, actor, promotionId, status);
      }
      await sql.query("UPDATE promotion_applications SET status = $2, reason = $3, ledger_tx = $4, decided_at = $5 WHERE id = $1", [
        id,
        status,
        action === "reject" ? reason : "",
        ledgerTx,
        now,
      ]);
      const amount = toMajor(bonus).toFixed(2);
      const inboxMessage = await notify(
        sql,
        merchant,
        memberId,
        "PROMOTION",
        {},
        now,
        messageOf(action, row.title, { id: String(id), amount, reason }),
      );
      return { id, status, amount: action === "issue" ? toMajor(bonus) : 0, ledgerTx, inboxMessage };
    });
  } catch (err) {
    if (err instanceof RewardRefused) throw new ApplicationRefused(`The bonus of application ${id} could not be credited (${err.code}).`);
    throw err;
  }
}
