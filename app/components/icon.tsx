import type { NavIcon } from "~/domain/navigation";

// Inline SVG icons (24×24 paths): no icon font, no request.
const paths: Record<NavIcon | "menu" | "close" | "refresh" | "eye" | "eyeOff" | "user" | "logout" | "help" | "chat" | "download" | "globe" | "wallet" | "grid" | "back", string> = {
  home: "M3 11 12 3l9 8v10h-6v-6H9v6H3z",
  hot: "M12 2s6 5 6 11a6 6 0 0 1-12 0c0-3 2-5 2-5s0 3 2 4c0-5 2-10 2-10z",
  fav: "M12 21s-8-5.3-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.7-8 11-8 11z",
  promo: "M20 7h-2.2A3 3 0 0 0 12 4.2 3 3 0 0 0 6.2 7H4v5h1v9h14v-9h1zM11 19H7v-7h4zm0-9H6V9h5zm2 9v-7h4v7zm5-9h-5V9h5z",
  vip: "M2 8l5 4 5-7 5 7 5-4-2 11H4z",
  reward: "M12 2l3 6 6 .9-4.5 4.3 1 6.3L12 16.6 6.5 19.5l1-6.3L3 8.9 9 8z",
  lottery: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a6 6 0 1 1 0 12 6 6 0 0 1 0-12zm-1 3v6h2V9z",
  elottery: "M4 4h16v16H4zm3 3v2h2V7zm4 0v2h2V7zm4 0v2h2V7zm-8 4v2h2v-2zm4 0v2h2v-2zm4 0v2h2v-2z",
  sports: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 3 3 2-1 4h-4L9 7zm-6 5 3 1 1 4-2 3-3-2zm12 0 1 6-3 2-2-3 1-4z",
  esports: "M7 7h10a5 5 0 0 1 4.9 6l-.7 3.4a2.5 2.5 0 0 1-4.3 1.1L15 16H9l-1.9 1.5a2.5 2.5 0 0 1-4.3-1.1L2.1 13A5 5 0 0 1 7 7zm0 3v2H5v1h2v2h1v-2h2v-1H8v-2zm9 1a1 1 0 1 0 0 2 1 1 0 0 0 0-2zm2-1a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  fish: "M2 12s4-6 10-6c4 0 7 3 8 4l2-2v8l-2-2c-1 1-4 4-8 4-6 0-10-6-10-6zm14-1a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  live: "M4 5h16v11H4zm2 2v7h12V7zm3 11h6v2H9z",
  pvp: "M6 3h5v5H6zm7 0h5v5h-5zM6 10h5v5H6zm7 0h5v5h-5zM4 18h16v3H4z",
  rng: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm2 4v10h2V7zm4 0v10h2V7zm4 0v10h2V7z",
  crash: "M3 21V3h2v14.6L10 12l3 3 6-7V5h2v9h-3v-2.4L13 17l-3-3-5 5.4V21z",
  cricket: "M15.5 2 22 8.5 10 20.5 3.5 14zM5 17l2 2-2 2-2-2zm13.5 1a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z",
  cockfight: "M14 3c2 0 3 1.5 3 3l3 1-3 1v3c0 4-3 7-7 7H6l-2 3H3l1-4-2-2 3-1c1-3 3-5 6-5V6c0-1.7 1.3-3 3-3z",
  bgs: "M12 2 21 7v10l-9 5-9-5V7zm0 2.3L5 8.2v7.6l7 3.9 7-3.9V8.2z",
  menu: "M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z",
  close: "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z",
  refresh: "M17.7 6.3A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.2L13 11h7V4z",
  eye: "M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  eyeOff: "M3.3 2 22 20.7 20.7 22l-3.3-3.3A10.7 10.7 0 0 1 12 20c-5 0-9-4.5-10-7a16 16 0 0 1 4.2-5L2 3.3zM12 6c5 0 9 4.5 10 7a14 14 0 0 1-3 4.1l-3.2-3.2A4 4 0 0 0 10.1 9L8.3 7.2A10.9 10.9 0 0 1 12 6z",
  user: "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-5 0-9 2.5-9 6v2h18v-2c0-3.5-4-6-9-6z",
  logout: "M10 3H4v18h6v-2H6V5h4zm6 4-1.4 1.4 2.6 2.6H9v2h8.2l-2.6 2.6L16 17l5-5z",
  help: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 16h-2v-2h2zm2.1-7.8-.9.9c-.7.7-1.2 1.3-1.2 2.9h-2v-.5c0-1.1.4-2.1 1.2-2.8l1.2-1.3A2 2 0 1 0 10 8H8a4 4 0 1 1 7.1 2.2z",
  chat: "M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2z",
  download: "M11 3h2v9.2l3.6-3.6L18 10l-6 6-6-6 1.4-1.4 3.6 3.6zM4 19h16v2H4z",
  globe: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-3a15.6 15.6 0 0 0-1.3-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h3c.3 1.3.7 2.5 1.3 3.6A8 8 0 0 1 5.1 16zm3-8h-3a8 8 0 0 1 4.3-3.6C8.8 5.5 8.4 6.7 8.1 8zM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1-2.3 1.3-3.6h3a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4z",
  back: "M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z",
  grid: "M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z",
  wallet: "M3 6a3 3 0 0 1 3-3h12v3h1a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H6a3 3 0 0 1-3-3zm3-1a1 1 0 0 0 0 2h10V5zm10 8a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z",
};

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={size} height={size} className={className}>
      <path fill="currentColor" d={paths[name]} />
    </svg>
  );
}
