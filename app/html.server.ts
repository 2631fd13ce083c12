import sanitizeHtml from "sanitize-html";

// HTML from the platform (announcements, notices, help, promotions) passes through an
// allow-list before it is rendered; links are forced safe.
const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "span",
    "div",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "td",
    "th",
    "blockquote",
    "hr",
  ],
  // target, rel and loading are listed because the allow-list runs after transformTags: without
  // them the safe values the transforms set were dropped again. The transforms overwrite any
  // value the platform sent.
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "data"] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
    img: sanitizeHtml.simpleTransform("img", { loading: "lazy" }),
  },
};

/**
 * The same platform text is cleaned for every page that shows it (the home page's notices on each
 * render): answers are kept for the texts seen lately, at most 500 of up to 20,000 characters each
 * (issue 14). Cleaning depends on the text alone.
 */
function remembered(clean: (html: string) => string): (html: string) => string {
  const known = new Map<string, string>();
  return (html) => {
    if (html.length > 20_000) return clean(html);
    const hit = known.get(html);
    if (hit !== undefined) return hit;
    const answer = clean(html);
    if (known.size >= 500) known.delete(known.keys().next().value!);
    known.set(html, answer);
    return answer;
  };
}

export const sanitizeRichHtml = remembered((html) => sanitizeHtml(html, RICH));

/**
 * Text only: every tag removed and entities decoded, ready for React (which escapes it once).
 * sanitize-html decodes the text and escapes exactly &, < and > again; undoing those three gives
 * the text itself, where leaving them showed "Tom &amp; Jerry" on screen.
 */
export const plainText = remembered((html) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim(),
);

/** Platform images: absolute https URLs as they are; the platform's own /media/ paths through our proxy. */
export function mediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https:\/\//i.test(url)) return url;
  if (url.startsWith("/media/") && !url.includes("..")) return url;
  return undefined;
}

/** Text for our own small HTML documents (the offline page, a quick refusal): never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
