// A stable palette per provider (vassalage): the sky of the scene, the frame's metal and the light
// behind the motif. A provider not listed gets one derived from a hash of its code, so it too keeps
// its colours from picture to picture.
import { hashOf } from "./svg";

export interface Palette {
  /** Background gradient, top and bottom. */
  top: string;
  bottom: string;
  /** Frame and trim. */
  frame: string;
  /** The light behind the motif. */
  glow: string;
}

const p = (top: string, bottom: string, frame: string, glow: string): Palette => ({ top, bottom, frame, glow });

export const PALETTES: Record<string, Palette> = {
  EVO: p("#12305a", "#030a16", "#d4af37", "#4f8fe8"),
  SEXY: p("#6a1037", "#1c0411", "#ff7aa8", "#ff3d7f"),
  DG: p("#1f4a33", "#06140c", "#d4af37", "#39c97e"),
  SABA: p("#0f4275", "#041426", "#f4d35e", "#2aa8ff"),
  DS88: p("#6a2010", "#1c0703", "#f2a541", "#ff7a45"),
  BTI: p("#173a6b", "#060f1e", "#8fd8ff", "#3a86ff"),
  JLFISH: p("#046a8a", "#01212c", "#ffd166", "#19e3b1"),
  JDBFISH: p("#0b5775", "#02161f", "#f99a1c", "#22c3e6"),
  PNG: p("#35207a", "#0e0826", "#ffb400", "#8a6dff"),
  PP: p("#6e2600", "#1e0a00", "#ff9a1f", "#ffb347"),
  PG: p("#11596b", "#031a20", "#e9c46a", "#34d1c2"),
  NE2: p("#24492a", "#091509", "#9ccc4e", "#c6ff7a"),
  PTU: p("#14365a", "#050e17", "#56d3ec", "#12a4d9"),
  HB: p("#561d4d", "#170716", "#f7b32b", "#e8559f"),
  JL: p("#8a1010", "#260303", "#ffcf40", "#ff6a3d"),
  JLRNG: p("#7a3400", "#210d00", "#ffd23f", "#ffa62b"),
  FC: p("#460b7e", "#12021f", "#ffa41b", "#c98bff"),
  BNG: p("#182a4d", "#05080f", "#fcae1e", "#55d0f5"),
  CQ9: p("#6d1249", "#1d0414", "#fb8b24", "#f06a2a"),
  SPRIBE: p("#1c2333", "#000000", "#ef3b4a", "#ff5c77"),
  JDB: p("#023b58", "#000f17", "#fcbf49", "#ff8c1a"),
  RT: p("#7a0511", "#1f0104", "#ffba08", "#ee3a06"),
  YGG: p("#33364f", "#0c0d14", "#e8eef2", "#9aa7bf"),
  KM: p("#4310b8", "#10033a", "#ff3d97", "#5fd3f5"),
  V8: p("#2a2f35", "#08090a", "#ffd60a", "#4cc417"),
  TF: p("#2c0757", "#0a0014", "#00f5d4", "#a46cf0"),
  IA: p("#012650", "#000814", "#ffc300", "#1bc0e8"),
  SV388: p("#533220", "#140b06", "#ffe6a7", "#d4a46a"),
  WS168: p("#4a1003", "#120300", "#ff8a1a", "#f2701b"),
  TCG_SEA: p("#075e47", "#011a13", "#fde047", "#3ee0a3"),
  TCG_LOTTO_VN: p("#7a1212", "#220404", "#fde047", "#ff6b4a"),
  TCG: p("#0b4f6e", "#021521", "#fde047", "#39c6f0"),
  "9WICKETS": p("#176136", "#052e16", "#facc15", "#5ee58c"),
  BGS: p("#262262", "#0b0a1f", "#f7931a", "#ac8cff"),
};

/** The provider's palette: its own, or one derived from its code. */
export function paletteOf(vassalage: string): Palette {
  const own = PALETTES[vassalage];
  if (own) return own;
  const hue = hashOf(vassalage) % 360;
  return p(
    `hsl(${hue},60%,28%)`,
    `hsl(${(hue + 30) % 360},70%,8%)`,
    `hsl(${(hue + 180) % 360},85%,62%)`,
    `hsl(${(hue + 20) % 360},85%,60%)`,
  );
}
