import type { Sql } from "../db/db";
import { type Language, type Localized, localizedMedia, pick } from "../messages";

interface AnnouncementRow {
  id: number;
  kind: "banner" | "marquee" | "popup" | "promotion";
  group_name: string;
  title: Localized;
  content: Localized | null;
  linkage_type: number;
  redirect: string;
  external_link: string;
  display_speed: number;
  starts_at: Date | null;
  ends_at: Date | null;
  published_at: Date;
}

const KIND_OF_TYPE = { B: "banner", PL: "marquee", PU: "popup", PR: "promotion" } as const;

const ms = (date: Date | null) => (date ? new Date(date).getTime() : null);

/**
 * MCSFE_getListAnnouncements: the groups named in `types` (B, PL, PU, PR) that are published and
 * not over; the other groups come back empty.
 */
export async function listAnnouncements(sql: Sql, merchant: string, types: string[], lang: Language, now: Date) {
  const kinds = types.flatMap((t) => (t in KIND_OF_TYPE ? [KIND_OF_TYPE[t as keyof typeof KIND_OF_TYPE]] : []));
  const rows = await sql.query<AnnouncementRow>(
    `SELECT id, kind, group_name, title, content, linkage_type, redirect, external_link, display_speed,
            starts_at, ends_at, published_at
       FROM announcements
      WHERE merchant = $1 AND enabled AND kind = ANY($2::text[]) AND published_at <= $3
        AND (starts_at IS NULL OR starts_at <= $3) AND (ends_at IS NULL OR ends_at > $3)
      ORDER BY sort, id`,
    [merchant, kinds, now],
  );
  const of = (kind: AnnouncementRow["kind"]) => rows.filter((row) => row.kind === kind);
  return {
    banners: of("banner").map((a) => ({
      bannerId: a.id,
      groupName: a.group_name,
      url: localizedMedia(`/media/banner/${a.id}.svg`, lang),
      title: pick(a.title, lang),
      linkageType: a.linkage_type,
      redirect: a.redirect,
      externalLink: a.external_link,
    })),
    player: of("marquee").map((a) => ({
      id: a.id,
      title: pick(a.title, lang),
      content: pick(a.content, lang),
      externalLink: a.external_link,
      announcementDisplaySpeed: a.display_speed,
      time: ms(a.published_at),
    })),
    popup: of("popup").map((a) => ({
      id: a.id,
      title: pick(a.title, lang),
      content: pick(a.content, lang),
      time: ms(a.published_at),
    })),
    promotion: of("promotion").map((a) => ({
      id: a.id,
      title: pick(a.title, lang),
      category: a.group_name,
      startDate: ms(a.starts_at ?? a.published_at),
      endDate: ms(a.ends_at),
      noExpiry: a.ends_at === null,
      announcementImages: [{ sequence: 1, url: localizedMedia(`/media/promotion/${a.id}.svg`, lang) }],
    })),
  };
}

/** GCSGAME_newGameVendor: one lane per game type, vendors in their seeded order. */
export async function vendorLanes(sql: Sql, merchant: string) {
  const rows = await sql.query<{ game_type: string; vassalage: string; display_name: string; is_hot: boolean; game_classify: string[] }>(
    `SELECT v.game_type, v.vassalage, v.display_name, v.is_hot, v.game_classify
       FROM vendors v JOIN game_types g ON g.merchant = v.merchant AND g.game_type = v.game_type
      WHERE v.merchant = $1 AND v.enabled
      ORDER BY g.sort, v.sort, v.vassalage`,
    [merchant],
  );
  const lanes = new Map<string, { title: string; gameClassify: string; cards: unknown[] }>();
  for (const row of rows) {
    let lane = lanes.get(row.game_type);
    if (!lane) {
      lane = { title: row.game_type, gameClassify: row.game_type, cards: [] };
      lanes.set(row.game_type, lane);
    }
    const icon = `/media/vendor/${row.vassalage}.svg`;
    lane.cards.push({
      vassalage: row.vassalage,
      displayName: row.display_name,
      smallIcon: icon,
      h5Icon: icon,
      lagerIcon: icon,
      isHot: row.is_hot ? 1 : 0,
      gameClassify: row.game_classify,
    });
  }
  return { data: { lanes: [...lanes.values()] } };
}

/**
 * A reward-centre promotion's banner (decision 027 §1): its title (the picture's label; the page
 * writes it as text), its banner size, and what it is about (code, category, English title: the
 * picture's composition, the same in every language; decision 039).
 */
export async function promotionBanner(
  sql: Sql,
  name: string,
  lang: Language,
): Promise<{ title: string; about: string; width: number; height: number } | null> {
  if (!/^\d{1,12}$/.test(name)) return null;
  const [row] = await sql.query<{ title: Localized; code: string; category: string | null; banner_width: number; banner_height: number }>(
    "SELECT title, code, category, banner_width, banner_height FROM promotions WHERE id = $1",
    [Number(name)],
  );
  if (!row) return null;
  return {
    title: pick(row.title, lang),
    about: `${row.code} ${row.category ?? ""} ${pick(row.title, "EN")}`,
    width: Number(row.banner_width),
    height: Number(row.banner_height),
  };
}

/** A banner's or promotion announcement's title in the asked language and in English (what it is about). */
export async function announcementArt(
  sql: Sql,
  kind: string,
  name: string,
  lang: Language,
): Promise<{ title: string; about: string } | null> {
  if ((kind !== "banner" && kind !== "promotion") || !/^\d{1,12}$/.test(name)) return null;
  const [row] = await sql.query<{ title: Localized; group_name: string }>(
    "SELECT title, group_name FROM announcements WHERE id = $1 AND kind = $2",
    [Number(name), kind],
  );
  return row ? { title: pick(row.title, lang), about: `${row.group_name} ${pick(row.title, "EN")}` } : null;
}

/** A vendor's display name and game type (its logo's emblem), or null. */
export async function vendorArt(sql: Sql, code: string): Promise<{ name: string; gameType: string } | null> {
  const [row] = await sql.query<{ display_name: string; game_type: string }>(
    "SELECT display_name, game_type FROM vendors WHERE vassalage = $1 ORDER BY merchant LIMIT 1",
    [code],
  );
  return row ? { name: row.display_name, gameType: row.game_type } : null;
}

/** The text drawn on a media image, or null when there is no such item. */
export async function mediaTitle(sql: Sql, kind: string, name: string, lang: Language): Promise<string | null> {
  if (kind === "banner" || kind === "promotion") return (await announcementArt(sql, kind, name, lang))?.title ?? null;
  if (kind === "promotion-banner") return (await promotionBanner(sql, name, lang))?.title ?? null;
  if (kind === "flag") {
    if (!/^[A-Za-z]{2}$/.test(name)) return null;
    const [row] = await sql.query<{ name: Localized }>(
      "SELECT name FROM countries WHERE country_code = upper($1) ORDER BY merchant LIMIT 1",
      [name],
    );
    return row ? pick(row.name, lang) : null;
  }
  if (kind === "vendor") {
    const [row] = await sql.query<{ display_name: string }>(
      "SELECT display_name FROM vendors WHERE vassalage = $1 ORDER BY merchant LIMIT 1",
      [name],
    );
    return row?.display_name ?? null;
  }
  return null;
}
