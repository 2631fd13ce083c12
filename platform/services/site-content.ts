import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type Language, type Localized, pick } from "../messages";

// The public content of decision 026: the help centre, the footer's site pages and the affiliate
// programme. No token; every text in the reader's language, English where an item lacks it.

export type Device = "WEB" | "MOBILE";

/** WEB or MOBILE (any case); anything else means "not said" and shows every item. */
export function deviceOf(raw: string | undefined): Device | null {
  const value = raw?.trim().toUpperCase();
  return value === "WEB" || value === "MOBILE" ? value : null;
}

interface CategoryRow {
  id: number;
  tag: string;
  title: Localized;
  content: Localized | null;
  bg_color: string;
}

interface ArticleRow {
  id: number;
  category_id: number;
  title: Localized;
  content: Localized;
}

/**
 * GET /wps/system/helpCenter: displayed categories with their displayed articles, in display
 * order. An item marked for one device is left out for the other; without a device it is shown.
 */
export async function helpCenter(sql: Sql, merchant: string, lang: Language, device: Device | null) {
  const categories = await sql.query<CategoryRow>(
    `SELECT id, tag, title, content, bg_color FROM help_categories
      WHERE merchant = $1 AND display AND (device IS NULL OR $2::text IS NULL OR device = $2)
      ORDER BY sort, id`,
    [merchant, device],
  );
  const articles = await sql.query<ArticleRow>(
    `SELECT a.id, a.category_id, a.title, a.content FROM help_articles a
       JOIN help_categories c ON c.id = a.category_id
      WHERE c.merchant = $1 AND a.display AND (a.device IS NULL OR $2::text IS NULL OR a.device = $2)
      ORDER BY a.sort, a.id`,
    [merchant, device],
  );
  return categories.map((c) => ({
    id: c.id,
    title: pick(c.title, lang),
    tag: c.tag,
    bgColor: c.bg_color,
    display: true,
    lang,
    content: pick(c.content, lang),
    children: articles
      .filter((a) => Number(a.category_id) === Number(c.id))
      .map((a) => ({ id: a.id, title: pick(a.title, lang), content: pick(a.content, lang), tag: c.tag, display: true })),
  }));
}

/** The footer's pages, in the footer's order (decision 026). */
export const PAGE_KEYS = [
  "aboutCompany",
  "contactUs",
  "terms",
  "responsibleGaming",
  "privacy",
  "affiliates",
  "refund",
  "certification",
  "paymentMethods",
  "security",
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const isPageKey = (key: string): key is PageKey => (PAGE_KEYS as readonly string[]).includes(key);

interface PageRow {
  key: string;
  title: Localized;
  content: Localized;
  updated_at: Date;
}

/** GET /wps/system/pages: the list without a key, one page with it (page.not.found otherwise). */
export async function sitePages(sql: Sql, merchant: string, lang: Language, key: string | undefined) {
  if (key === undefined) {
    const rows = await sql.query<PageRow>("SELECT key, title, updated_at FROM site_pages WHERE merchant = $1 ORDER BY sort, key", [
      merchant,
    ]);
    return rows.map((r) => ({ key: r.key, title: pick(r.title, lang), updatedAt: new Date(r.updated_at).getTime() }));
  }
  const [row] = isPageKey(key)
    ? await sql.query<PageRow>("SELECT key, title, content, updated_at FROM site_pages WHERE merchant = $1 AND key = $2", [merchant, key])
    : [];
  if (!row) throw new PlatformError("page.not.found", "page.not.found");
  return { key: row.key, title: pick(row.title, lang), content: pick(row.content, lang), updatedAt: new Date(row.updated_at).getTime() };
}

/**
 * The operator replaces a page's content in one language (English by default); the other
 * languages keep theirs. Only the fixed keys exist, so the footer never grows a dead link.
 */
export async function replacePage(sql: Sql, merchant: string, key: string, html: string, lang: Language, now: Date) {
  if (!isPageKey(key)) return null;
  const rows = await sql.query<{ key: string }>(
    `UPDATE site_pages SET content = content || jsonb_build_object($3::text, $4::text), updated_at = $5
      WHERE merchant = $1 AND key = $2 RETURNING key`,
    [merchant, key, lang, html, now],
  );
  return rows.length ? { key, lang, length: html.length, updatedAt: now.toISOString() } : null;
}

/** GET /wps/agent/affiliate without a code: the commission tiers (major units) and the terms. */
export async function affiliateProgramme(sql: Sql, merchant: string, lang: Language) {
  const tiers = await sql.query<{ level: number; active_members: number; net_profit_minor: string | number; rate: string | number }>(
    "SELECT level, active_members, net_profit_minor, rate FROM affiliate_tiers WHERE merchant = $1 ORDER BY level",
    [merchant],
  );
  const [programme] = await sql.query<{ settlement: string; description: Localized }>(
    "SELECT settlement, description FROM affiliate_programmes WHERE merchant = $1",
    [merchant],
  );
  return {
    tiers: tiers.map((t) => ({
      level: t.level,
      activeMembers: t.active_members,
      netProfit: Number(t.net_profit_minor) / 100,
      rate: Number(t.rate),
    })),
    settlement: programme?.settlement ?? "MONTHLY",
    description: pick(programme?.description, lang),
  };
}
