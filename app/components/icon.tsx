import type { NavIcon } from "~/domain/navigation";
import spriteSource from "./icons.svg?raw";
import sprite from "./icons.svg?url";

// Every icon is a <symbol> of one SVG sprite (icons.svg, 24×24 paths): a page carries a short
// <use> per icon instead of the path (the home page has over fifty), and the sprite is a hashed,
// immutable, pre-compressed file the browser fetches once for the whole site. No icon font.
//
// The first screen's icons (header, side-menu button, bottom bar, categories: issue 26) come
// with the document instead, as symbols inlined once at the top of the body: on a slow line the
// controls never sit blank while the sprite is on its way. The rest stay in the cached sprite.
export type IconName =
  | NavIcon
  | "menu"
  | "close"
  | "refresh"
  | "eye"
  | "eyeOff"
  | "user"
  | "logout"
  | "help"
  | "chat"
  | "download"
  | "globe"
  | "wallet"
  | "grid"
  | "back"
  | "deposit"
  | "withdraw"
  | "transfer"
  | "inbox";

/** Drawn from the document's inline symbols: the header, the bottom bar and the category tiles. */
export const FIRST_SCREEN_ICONS: ReadonlySet<string> = new Set<IconName>([
  "menu",
  "user",
  "eye",
  "eyeOff",
  "refresh",
  "grid",
  "chat",
  "wallet",
  "deposit",
  "home",
  "hot",
  "fav",
  "promo",
  "vip",
  "reward",
  "lottery",
  "elottery",
  "sports",
  "esports",
  "fish",
  "live",
  "pvp",
  "rng",
  "crash",
  "cricket",
  "cockfight",
  "bgs",
]);

const INLINE_PREFIX = "i-";

/** The first screen's symbols, ids prefixed (a page's own ids never meet them); server only. */
export function inlineSymbols(source: string): string {
  return [...source.matchAll(/<symbol id="(\w+)"[\s\S]*?<\/symbol>/g)]
    .filter((m) => FIRST_SCREEN_ICONS.has(m[1]!))
    .map((m) => m[0].replace(`id="${m[1]}"`, `id="${INLINE_PREFIX}${m[1]}"`))
    .join("");
}

// Only the server's render writes the symbols; the browser keeps what the document brought (the
// client bundle does not carry the sprite's text: the branch and its import fall away there).
const FIRST_SCREEN_SYMBOLS = import.meta.env.SSR ? inlineSymbols(spriteSource) : "";

/** Once a document, first in the body: the symbols the first screen's icons use. */
export function InlineIconSymbols() {
  return (
    <svg
      aria-hidden="true"
      width="0"
      height="0"
      style={{ position: "absolute" }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own sprite's symbols, read at build time
      dangerouslySetInnerHTML={{ __html: FIRST_SCREEN_SYMBOLS }}
      suppressHydrationWarning
      data-testid="inline-icons"
    />
  );
}

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    // The symbol's own viewBox scales it to the width and height given here.
    <svg aria-hidden="true" width={size} height={size} className={className}>
      <use href={FIRST_SCREEN_ICONS.has(name) ? `#${INLINE_PREFIX}${name}` : `${sprite}#${name}`} />
    </svg>
  );
}
