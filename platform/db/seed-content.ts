import type { Db } from "./db";
import { affiliateDescription, affiliateTierSeeds, helpSeeds, noticeSeeds, pageSeeds } from "./seed-content-data";
import { runSeedStep } from "./seed-step";

// Seed step "content-pages" (decision 026): more notices and popups, the help centre, the footer's
// pages, the affiliate programme and the feedback bounds. A handful of set-based inserts: it runs
// at every platform test file's start, so it stays in the milliseconds.

const PAGES_UPDATED = "2026-11-01T00:00:00Z";

export async function seedContent(db: Db, merchant: string): Promise<boolean> {
  const pages = await seedContentPages(db, merchant);
  const languages = await seedNoticeLanguages(db, merchant);
  return pages || languages;
}

/**
 * Seed step "notice-languages" (issue 26): databases seeded when these notices were in English and
 * Bengali only get their other seven languages. A notice is matched by its kind and its seeded
 * English title and text, so one the operator has edited since keeps the operator's words.
 */
function seedNoticeLanguages(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    "notice-languages",
    () => undefined,
    async (sql) => {
      await sql.query(
        `UPDATE announcements a SET title = x.title, content = x.content
         FROM jsonb_to_recordset($2::jsonb) AS x(kind text, title jsonb, content jsonb)
        WHERE a.merchant = $1 AND a.kind = x.kind
          AND a.title->>'EN' = x.title->>'EN' AND a.content->>'EN' = x.content->>'EN' AND a.title = (x.title - 'CN' - 'ID' - 'JA' - 'KO' - 'TH' - 'UR' - 'VI')`,
        [merchant, JSON.stringify(noticeSeeds)],
      );
    },
  );
}

function seedContentPages(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    "content-pages",
    () => undefined,
    async (sql) => {
      // Newest first, ahead of the first seed's notices and popups (sort 0 and up).
      const notices = noticeSeeds.map((n, i) => ({ ...n, sort: i - noticeSeeds.length }));
      await sql.query(
        `INSERT INTO announcements (merchant, kind, title, content, display_speed, published_at, sort)
       SELECT $1, x.kind, x.title, x.content, CASE WHEN x.kind = 'marquee' THEN 3 ELSE 0 END, x."publishedAt", x.sort
         FROM jsonb_to_recordset($2::jsonb) AS x(kind text, title jsonb, content jsonb, "publishedAt" timestamptz, sort integer)`,
        [merchant, JSON.stringify(notices)],
      );

      const categories = helpSeeds.map(({ articles: _articles, ...c }, sort) => ({ ...c, sort }));
      const ids = await sql.query<{ id: number; tag: string }>(
        `INSERT INTO help_categories (merchant, tag, title, content, bg_color, sort)
       SELECT $1, x.tag, x.title, x.content, x."bgColor", x.sort
         FROM jsonb_to_recordset($2::jsonb) AS x(tag text, title jsonb, content jsonb, "bgColor" text, sort integer)
       RETURNING id, tag`,
        [merchant, JSON.stringify(categories)],
      );
      const idOf = new Map(ids.map((r) => [r.tag, Number(r.id)]));
      const articles = helpSeeds.flatMap((c) =>
        c.articles.map((a, sort) => ({
          categoryId: idOf.get(c.tag),
          title: a.title,
          content: a.content,
          display: a.display ?? true,
          device: a.device ?? null,
          sort,
        })),
      );
      await sql.query(
        `INSERT INTO help_articles (category_id, title, content, display, device, sort)
       SELECT x."categoryId", x.title, x.content, x.display, x.device, x.sort
         FROM jsonb_to_recordset($1::jsonb) AS x("categoryId" bigint, title jsonb, content jsonb, display boolean, device text, sort integer)`,
        [JSON.stringify(articles)],
      );

      await sql.query(
        `INSERT INTO site_pages (merchant, key, title, content, sort, updated_at)
       SELECT $1, x.key, x.title, x.content, x.sort, $3
         FROM jsonb_to_recordset($2::jsonb) AS x(key text, title jsonb, content jsonb, sort integer)`,
        [merchant, JSON.stringify(pageSeeds.map((p, sort) => ({ ...p, sort }))), PAGES_UPDATED],
      );

      await sql.query("INSERT INTO affiliate_programmes (merchant, settlement, description) VALUES ($1, 'MONTHLY', $2)", [
        merchant,
        JSON.stringify(affiliateDescription),
      ]);
      await sql.query(
        `INSERT INTO affiliate_tiers (merchant, level, active_members, net_profit_minor, rate)
       SELECT $1, x.level, x."activeMembers", x."netProfit" * 100, x.rate
         FROM jsonb_to_recordset($2::jsonb) AS x(level integer, "activeMembers" integer, "netProfit" bigint, rate numeric)`,
        [merchant, JSON.stringify(affiliateTierSeeds)],
      );

      // The bounds of decision 026, unless the operator has set its own.
      await sql.query(
        "UPDATE merchants SET settings = jsonb_build_object('feedbackMinLength', 10, 'feedbackMaxLength', 500) || settings WHERE code = $1",
        [merchant],
      );
    },
  );
}
