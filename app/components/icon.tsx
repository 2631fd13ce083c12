import type { NavIcon } from "~/domain/navigation";
import sprite from "./icons.svg?url";

// Every icon is a <symbol> of one SVG sprite (icons.svg, 24×24 paths): a page carries a short
// <use> per icon instead of the path (the home page has over fifty), and the sprite is a hashed,
// immutable, pre-compressed file the browser fetches once for the whole site. No icon font.
export type IconName = NavIcon | "menu" | "close" | "refresh" | "eye" | "eyeOff" | "user" | "logout" | "help" | "chat" | "download" | "globe" | "wallet" | "grid" | "back";

export const ICON_SPRITE = sprite;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    // The symbol's own viewBox scales it to the width and height given here.
    <svg aria-hidden="true" width={size} height={size} className={className}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
