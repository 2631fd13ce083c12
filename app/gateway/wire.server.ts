import { z } from "zod";
import { log } from "~/request-scope.server";

// The tolerant reader of decision 038: the readings of one fact that the contract leaves open (M
// and L) all parse to the one shape the app uses. Numbers may come as strings, ids as either, a
// list bare or under `list`, `rows`, `records`, `data`, `items` or `content`, a value bare where
// a wrapper was guessed. A row that still does not parse is left out (and logged), not the list.

/** A number, or a string of one ("1,234.50" too: some platforms group thousands). */
export const money = z.union([
  z.number().finite(),
  z
    .string()
    .transform((s) => s.trim().replace(/,(?=\d{3}(\D|$))/g, ""))
    .pipe(z.string().regex(/^[-+]?\d+(\.\d+)?$/))
    .transform(Number),
]);
/** A money figure the page can do without: absent, null, "" or unreadable is 0. */
export const amount = z.unknown().transform((v) => {
  const parsed = money.safeParse(v);
  return parsed.success ? parsed.data : 0;
});
/** A figure that may be absent: absent, null, "" or unreadable is undefined. */
export const maybeMoney = z.unknown().transform((v) => {
  const parsed = money.safeParse(v);
  return parsed.success ? parsed.data : undefined;
});
/** Text that may come as a number; absent is undefined (or null as sent). */
export const text = z.union([z.string(), z.number(), z.boolean()]).transform(String).nullish();
/** A required code or name that may come as a number: always a string. */
export const label = z.union([z.string(), z.number()]).transform(String);
/** An id: string or number, always a string. */
export const id = z.union([z.string().min(1), z.number()]).transform(String);
/** A time: epoch ms as number or digits, or a date string; one that does not read as a date is null. */
export const time = z.unknown().transform((v): number | string | null => {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string" || v.trim() === "") return null;
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s);
  return Number.isNaN(Date.parse(s)) ? null : s;
});
/** A yes/no: true, 1, "1", "true", "Y", "yes", "on" are yes, their opposites no; anything else is undefined. */
export const yes = z.unknown().transform((v) => {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v === 1 ? true : v === 0 ? false : undefined;
  if (typeof v !== "string") return undefined;
  if (/^(1|true|y|yes|on)$/i.test(v.trim())) return true;
  if (/^(0|false|n|no|off)$/i.test(v.trim())) return false;
  return undefined;
});

const LIST_KEYS = ["list", "rows", "records", "data", "items", "content"] as const;

/** The list in a value, in whichever reading it came: bare, or under one of LIST_KEYS (one level down too). */
export function listIn(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== "object" || value === null) return undefined;
  const o = value as Record<string, unknown>;
  for (const key of LIST_KEYS) if (Array.isArray(o[key])) return o[key] as unknown[];
  // `{data: {list: […]}}`, `{page: {records: […]}}`: one wrapper more.
  for (const key of [...LIST_KEYS, "page", "result"]) {
    const inner = o[key];
    if (typeof inner === "object" && inner !== null && !Array.isArray(inner)) {
      for (const k of LIST_KEYS)
        if (Array.isArray((inner as Record<string, unknown>)[k])) return (inner as Record<string, unknown>)[k] as unknown[];
    }
  }
  return undefined;
}

/** Each row that parses; the others are left out and counted in one log line. */
export function rowsOf<T extends z.ZodTypeAny>(item: T) {
  return z.unknown().transform((value, ctx) => {
    // Absent, or an object without rows, is no rows; a bare scalar is no reading of a list at all.
    if (value !== undefined && value !== null && typeof value !== "object") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `a list was expected, not ${typeof value}` });
      return z.NEVER;
    }
    const list = listIn(value) ?? [];
    const rows: z.output<T>[] = [];
    let dropped = 0;
    let firstIssue: z.ZodIssue | undefined;
    for (const row of list) {
      const parsed = item.safeParse(row);
      if (parsed.success) rows.push(parsed.data);
      else {
        dropped += 1;
        firstIssue ??= parsed.error.issues[0];
      }
    }
    if (dropped > 0) {
      log().warn(
        { component: "gateway", dropped, of: list.length, at: [...ctx.path, ...(firstIssue?.path ?? [])].join(".") || "(row)" },
        `rows left out that we do not read (${firstIssue?.message})`,
      );
    }
    return rows;
  });
}

/** A bare value where an object was guessed: `5` reads as `{[key]: 5}`. */
export function bareOr<T extends z.ZodTypeAny>(key: string, schema: T) {
  return z.preprocess((v) => (typeof v === "number" || typeof v === "string" ? { [key]: v } : (v ?? {})), schema);
}

const firstOf = (o: Record<string, unknown>, keys: string[]) =>
  keys.map((k) => o[k]).find((v) => v !== undefined && v !== null && v !== "");

/** The value as an object to read fields from; anything else as an empty one. */
export function objectIn(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A page of rows in any reading: a bare array, `{list|rows|records|…, total|totalCount|totalRecord,
 * totalPages|totalPage|pages, summary|sum|totals (or total as an object)}`. Answers `{list, total,
 * totalPages, summary}`; a summary that does not read is null, not a failure.
 */
export function pageOf<T extends z.ZodTypeAny, S extends z.ZodTypeAny>(item: T, summary: S) {
  return z
    .preprocess(
      (value) => {
        // A bare scalar is no page: it fails at the list.
        if (value !== undefined && value !== null && typeof value !== "object") return { list: value };
        const o = objectIn(value);
        return {
          list: listIn(value),
          total: firstOf(o, ["total", "totalCount", "totalRecord", "totalRecords", "count"]),
          totalPages: firstOf(o, ["totalPages", "totalPage", "pages", "pageCount"]),
          summary: firstOf(o, ["summary", "sum", "totals"]) ?? (typeof o.total === "object" ? o.total : undefined),
        };
      },
      z.object({ list: rowsOf(item), total: maybeMoney, totalPages: maybeMoney, summary: z.unknown() }),
    )
    .transform((v) => {
      const sum = v.summary === undefined || v.summary === null ? undefined : summary.safeParse(v.summary);
      return {
        list: v.list as z.output<T>[],
        total: v.total ?? v.list.length,
        totalPages: Math.max(1, Math.floor(v.totalPages ?? 1)),
        summary: (sum?.success ? sum.data : null) as z.output<S> | null,
      };
    });
}

/** A stable key for a row that came without its id: its telling fields, then its place. */
export function rowKey(row: Record<string, unknown>, index: number, fields: string[]): string {
  const parts = fields.map((f) => row[f]).filter((v) => v !== undefined && v !== null && v !== "");
  return `${parts.join("|")}#${index}`;
}

/** An object guessed as `{list, …}` that came as a bare array, or with its rows under another name. */
export function wrapList(value: unknown): unknown {
  if (Array.isArray(value)) return { list: value };
  if (value === null || value === undefined) return {};
  if (typeof value === "object" && !Array.isArray((value as { list?: unknown }).list)) {
    const list = listIn(value);
    return list ? { ...(value as object), list } : value;
  }
  return value;
}
