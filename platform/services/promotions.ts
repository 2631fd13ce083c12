import { createHash } from "node:crypto";
import type { Db, Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { businessDay } from "./periods";
import { decodePicture, MAX_FEEDBACK_IMAGES } from "./feedback";
import { type Actor, creditBonus, once, RewardRefused } from "./rewards";
import type { ProofImage } from "./withdrawals";

// The reward centre's promotions (decision 017; applications, decision 027): what a member or a
// visitor sees of each, joining (with a remark and pictures when the promotion asks), and claiming
// an issued bonus. Credits go through rewards.ts's once and creditBonus; the daily raffle is in
// raffle.ts.

export const PROMOTION_STATUSES = {
  JOIN: { EN: "Join", BN: "যোগ দিন", CN: "参加", ID: "Ikuti", JA: "参加する", KO: "참여", TH: "เข้าร่วม", UR: "شامل ہوں", VI: "Tham gia" },
  CLAIM: { EN: "Claim", BN: "দাবি করুন", CN: "领取", ID: "Klaim", JA: "受け取る", KO: "받기", TH: "รับ", UR: "حاصل کریں", VI: "Nhận" },
  APPLYING: {
    EN: "Applying",
    BN: "আবেদন চলছে",
    CN: "审核中",
    ID: "Diproses",
    JA: "申請中",
    KO: "신청 중",
    TH: "รอตรวจสอบ",
    UR: "درخواست زیرِ غور",
    VI: "Chờ duyệt",
  },
  REJECTED: {
    EN: "Rejected",
    BN: "প্রত্যাখ্যাত",
    CN: "已拒绝",
    ID: "Ditolak",
    JA: "却下",
    KO: "거절됨",
    TH: "ถูกปฏิเสธ",
    UR: "مسترد",
    VI: "Bị từ chối",
  },
  ISSUED: {
    EN: "Issued",
    BN: "প্রদান করা হয়েছে",
    CN: "已发放",
    ID: "Sudah diberikan",
    JA: "付与済み",
    KO: "지급됨",
    TH: "มอบให้แล้ว",
    UR: "جاری شدہ",
    VI: "Đã phát thưởng",
  },
  CLAIMED: {
    EN: "Claimed",
    BN: "দাবি করা হয়েছে",
    CN: "已领取",
    ID: "Sudah diklaim",
    JA: "受取済み",
    KO: "수령 완료",
    TH: "รับแล้ว",
    UR: "حاصل شدہ",
    VI: "Đã nhận",
  },
  PROCESS: {
    EN: "In progress",
    BN: "প্রক্রিয়াধীন",
    CN: "进行中",
    ID: "Berjalan",
    JA: "進行中",
    KO: "진행 중",
    TH: "กำลังดำเนินการ",
    UR: "جاری",
    VI: "Đang thực hiện",
  },
  JOINED: {
    EN: "Joined",
    BN: "যোগ দেওয়া হয়েছে",
    CN: "已报名",
    ID: "Sudah ikut",
    JA: "参加済み",
    KO: "참여 완료",
    TH: "เข้าร่วมแล้ว",
    UR: "شمولیت مکمل",
    VI: "Đã tham gia",
  },
  SIGNED: {
    EN: "Signed",
    BN: "সাইন করা হয়েছে",
    CN: "已签到",
    ID: "Sudah check-in",
    JA: "チェックイン済み",
    KO: "출석 완료",
    TH: "เช็กอินแล้ว",
    UR: "چیک اِن مکمل",
    VI: "Đã điểm danh",
  },
  CLOSED: {
    EN: "Closed",
    BN: "বন্ধ",
    CN: "已结束",
    ID: "Sudah berakhir",
    JA: "終了",
    KO: "종료",
    TH: "สิ้นสุดแล้ว",
    UR: "ختم",
    VI: "Đã kết thúc",
  },
  COMING_SOON: {
    EN: "Coming soon",
    BN: "শীঘ্রই আসছে",
    CN: "即将开始",
    ID: "Segera hadir",
    JA: "まもなく開始",
    KO: "오픈 예정",
    TH: "เร็วๆ นี้",
    UR: "جلد آ رہا ہے",
    VI: "Sắp diễn ra",
  },
} satisfies Record<string, Localized>;

export type PromotionStatus = keyof typeof PROMOTION_STATUSES;

export interface PromotionRow {
  id: number;
  code: string;
  title: Localized;
  description: Localized;
  terms: Localized;
  category: string;
  category_name: Localized | null;
  banner_width: number;
  banner_height: number;
  flow: "join" | "claim" | "raffle" | "sign";
  needs_review: boolean;
  bonus: number;
  starts_at: Date;
  ends_at: Date | null;
  member_status: PromotionStatus | null;
  drawn_today: boolean;
  application_id: number | null;
  application_remark: string | null;
  application_reason: string | null;
  application_images: number | null;
  application_time: Date | null;
}

// $1 merchant, $2 member (0 for a visitor), $3 business day. The application shown is the
// member's latest one for the promotion while the member has a status in it.
export const PROMOTION_SELECT = `
  SELECT p.id, p.code, p.title, p.description, p.terms, p.category, cat.name AS category_name, p.banner_width, p.banner_height,
         p.flow, p.needs_review, p.bonus, p.starts_at, p.ends_at,
         mp.status AS member_status,
         EXISTS (SELECT 1 FROM raffle_draws d WHERE d.member_id = $2 AND d.promotion_id = p.id AND d.draw_date = $3::date) AS drawn_today,
         a.id AS application_id, a.remark AS application_remark, a.reason AS application_reason, a.images AS application_images,
         a.created_at AS application_time
    FROM promotions p
    LEFT JOIN promotion_categories cat ON cat.merchant = p.merchant AND cat.code = p.category
    LEFT JOIN member_promotions mp ON mp.promotion_id = p.id AND mp.member_id = $2
    LEFT JOIN LATERAL (
      SELECT pa.id, pa.remark, pa.reason, pa.created_at,
             (SELECT count(*)::int FROM promotion_application_images i WHERE i.application_id = pa.id) AS images
        FROM promotion_applications pa
       WHERE pa.member_id = $2 AND pa.promotion_id = p.id
       ORDER BY pa.id DESC LIMIT 1) a ON mp.status IS NOT NULL
   WHERE p.merchant = $1`;

/** The status the member sees: the member's own state wins, then the calendar, then the flow. */
export function promotionStatus(p: PromotionRow, now: Date): PromotionStatus {
  if (p.flow === "raffle") {
    if (now < new Date(p.starts_at)) return "COMING_SOON";
    if (p.ends_at && now > new Date(p.ends_at)) return "CLOSED";
    return p.drawn_today ? "CLAIMED" : "CLAIM";
  }
  if (p.member_status) return p.member_status;
  if (now < new Date(p.starts_at)) return "COMING_SOON";
  if (p.ends_at && now > new Date(p.ends_at)) return "CLOSED";
  return p.flow === "join" ? "JOIN" : "CLAIM";
}

/** A visitor's status (decision 027 §1): the calendar only. */
export function visitorStatus(p: PromotionRow, now: Date): "JOIN" | "COMING_SOON" | "CLOSED" {
  if (now < new Date(p.starts_at)) return "COMING_SOON";
  if (p.ends_at && now > new Date(p.ends_at)) return "CLOSED";
  return "JOIN";
}

export const applicationImageUrl = (applicationId: number, n: number) => `/media/promotion-application/${applicationId}/${n}`;
export const promotionBannerUrl = (promotionId: number) => `/media/promotion-banner/${promotionId}.svg`;

function promotionView(p: PromotionRow, now: Date, lang: Language, visitor = false) {
  const status = visitor ? visitorStatus(p, now) : promotionStatus(p, now);
  const id = Number(p.id);
  const applicationId = p.application_id === null ? null : Number(p.application_id);
  return {
    promotionId: id,
    title: pick(p.title, lang),
    category: p.category,
    categoryName: pick(p.category_name, lang) || p.category,
    description: pick(p.description, lang),
    terms: pick(p.terms, lang) ?? "",
    bannerUrl: promotionBannerUrl(id),
    bannerWidth: Number(p.banner_width),
    bannerHeight: Number(p.banner_height),
    startDate: new Date(p.starts_at).getTime(),
    endDate: p.ends_at ? new Date(p.ends_at).getTime() : null,
    noExpiry: p.ends_at === null,
    bonusAmount: toMajor(p.bonus),
    status,
    statusName: pick(PROMOTION_STATUSES[status], lang),
    canJoin: !visitor && status === "JOIN",
    canClaim: !visitor && (status === "CLAIM" || status === "ISSUED"),
    applyForm: p.needs_review,
    application:
      visitor || applicationId === null
        ? null
        : {
            applicationId,
            remark: p.application_remark ?? "",
            images: Array.from({ length: Number(p.application_images ?? 0) }, (_, i) => applicationImageUrl(applicationId, i + 1)),
            time: new Date(p.application_time!).getTime(),
            reason: status === "REJECTED" ? (p.application_reason ?? "") : "",
          },
  };
}

/** The merchant's promotion categories in their order: the promotions screen's tabs. */
async function promotionCategories(sql: Sql, merchant: string, lang: Language) {
  const rows = await sql.query<{ code: string; name: Localized }>(
    "SELECT code, name FROM promotion_categories WHERE merchant = $1 ORDER BY sort, code",
    [merchant],
  );
  return rows.map((r) => ({ code: r.code, name: pick(r.name, lang) || r.code }));
}

/** GET MCSFE_getAvailablePromotions: every promotion, with the member's status (decision 017 §5, 027 §1). */
export async function availablePromotions(sql: Sql, actor: Actor) {
  const rows = await sql.query<PromotionRow>(`${PROMOTION_SELECT} ORDER BY p.sort, p.id`, [
    actor.merchant,
    actor.memberId,
    businessDay(actor.now),
  ]);
  return {
    list: rows.map((p) => promotionView(p, actor.now, actor.lang)),
    categories: await promotionCategories(sql, actor.merchant, actor.lang),
  };
}

/** A visitor sees promotions starting within this many days. */
export const VISITOR_HORIZON_DAYS = 30;

/**
 * GET MCSFE_getMerchantAvailablePromotions (no token): the promotions not yet ended or starting
 * within 30 days, as a visitor sees them (JOIN or COMING_SOON; nothing to join or claim).
 */
export async function merchantPromotions(sql: Sql, merchant: string, now: Date, lang: Language) {
  const rows = await sql.query<PromotionRow>(
    `${PROMOTION_SELECT} AND (p.ends_at IS NULL OR p.ends_at >= $4) AND p.starts_at <= $5 ORDER BY p.sort, p.id`,
    [merchant, 0, businessDay(now), now, new Date(now.getTime() + VISITOR_HORIZON_DAYS * 86_400_000)],
  );
  return { list: rows.map((p) => promotionView(p, now, lang, true)), categories: await promotionCategories(sql, merchant, lang) };
}

export async function findPromotion(sql: Sql, actor: Actor, promotionId: number): Promise<PromotionRow> {
  const [row] = await sql.query<PromotionRow>(`${PROMOTION_SELECT} AND p.id = $4`, [
    actor.merchant,
    actor.memberId,
    businessDay(actor.now),
    promotionId,
  ]);
  if (!row) throw new RewardRefused("promotion.not.found");
  return row;
}

export async function setMemberStatus(
  sql: Sql,
  actor: Actor,
  promotionId: number,
  status: PromotionStatus,
  amount = 0,
  ledgerTx: number | null = null,
) {
  await sql.query(
    `INSERT INTO member_promotions (member_id, promotion_id, status, amount, ledger_tx, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (member_id, promotion_id) DO UPDATE SET status = EXCLUDED.status, amount = EXCLUDED.amount,
       ledger_tx = coalesce(EXCLUDED.ledger_tx, member_promotions.ledger_tx), updated_at = EXCLUDED.updated_at`,
    [actor.memberId, promotionId, status, amount, ledgerTx, actor.now],
  );
}

/** What an application form sends with MCSFE_joinPromotion (decision 027 §1). */
export interface ApplicationInput {
  remark?: string;
  /** Data URLs or bare base64, as feedback's. */
  images?: string[];
}

export const REMARK_MAX = 140;

/**
 * POST MCSFE_joinPromotion. A needs_review promotion (applyForm) is an application: a remark of
 * 1–140 characters and 0–3 pictures, stored with the APPLYING status. Other promotions ignore both.
 */
export function joinPromotion(db: Db, actor: Actor, requestId: string, promotionId: number, input: ApplicationInput = {}) {
  const remark = input.remark === undefined ? undefined : input.remark.replace(/\u0000/g, "").trim();
  // Decoded before the transaction (up to 15 MB of base64); refused inside it, for applyForm only.
  const pictures = (input.images ?? []).slice(0, MAX_FEEDBACK_IMAGES + 1).map(decodePicture);
  const tooMany = (input.images ?? []).length > MAX_FEEDBACK_IMAGES;
  const content =
    remark === undefined && input.images === undefined
      ? { promotionId }
      : {
          promotionId,
          remark: remark ?? "",
          images: tooMany ? "too-many" : pictures.map((p) => (p ? createHash("sha256").update(p.data).digest("hex") : null)),
        };
  return once(db, actor, requestId, "promotion.join", content, async (sql) => {
    const promotion = await findPromotion(sql, actor, promotionId);
    if (promotionStatus(promotion, actor.now) !== "JOIN") throw new RewardRefused("promotion.not.available");
    if (!promotion.needs_review) {
      await setMemberStatus(sql, actor, promotionId, "JOINED");
      return { promotionId, status: "JOINED" as PromotionStatus };
    }
    const length = [...(remark ?? "")].length;
    if (length < 1 || length > REMARK_MAX) throw new RewardRefused("promotion.remark.length");
    if (tooMany || pictures.some((p) => p === null)) throw new RewardRefused("upload.invalid");
    const [application] = await sql.query<{ id: number }>(
      `INSERT INTO promotion_applications (merchant, member_id, promotion_id, remark, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [actor.merchant, actor.memberId, promotionId, remark, actor.now],
    );
    const applicationId = Number(application!.id);
    for (const [index, picture] of (pictures as ProofImage[]).entries()) {
      await sql.query("INSERT INTO promotion_application_images (application_id, n, mime, data) VALUES ($1, $2, $3, $4)", [
        applicationId,
        index + 1,
        picture.mime,
        new Uint8Array(picture.data),
      ]);
    }
    await setMemberStatus(sql, actor, promotionId, "APPLYING");
    return { promotionId, status: "APPLYING" as PromotionStatus, applicationId };
  });
}

/** POST MCSFE_claimIssuedPromotion. */
export function claimIssuedPromotion(db: Db, actor: Actor, requestId: string, promotionId: number) {
  return once(db, actor, requestId, "promotion.claim", { promotionId }, async (sql) => {
    const promotion = await findPromotion(sql, actor, promotionId);
    const status = promotionStatus(promotion, actor.now);
    if (promotion.flow === "raffle" || (status !== "CLAIM" && status !== "ISSUED") || promotion.bonus <= 0) {
      throw new RewardRefused("promotion.not.claimable");
    }
    // An approved application pays once per application (the operator's issue uses the same key).
    const [application] =
      status === "ISSUED"
        ? await sql.query<{ id: number }>(
            "SELECT id FROM promotion_applications WHERE member_id = $1 AND promotion_id = $2 AND status = 'ISSUED' ORDER BY id DESC LIMIT 1 FOR UPDATE",
            [actor.memberId, promotionId],
          )
        : [];
    const key = application ? applicationLedgerKey(Number(application.id)) : `promotion:${actor.memberId}:${requestId}`;
    const credit = await creditBonus(sql, actor, key, "promotion", promotion.bonus, promotion.title);
    await setMemberStatus(sql, actor, promotionId, "CLAIMED", promotion.bonus, credit.transactionId);
    if (application) {
      await sql.query("UPDATE promotion_applications SET status = 'CLAIMED', ledger_tx = $2 WHERE id = $1", [
        application.id,
        credit.transactionId,
      ]);
    }
    return { promotionId, status: "CLAIMED" as const, amount: toMajor(promotion.bonus), balance: toMajor(credit.balance) };
  });
}

/** The ledger key of an application's bonus: the operator's issue or the member's claim, once. */
export const applicationLedgerKey = (applicationId: number) => `promotion.application:${applicationId}`;
