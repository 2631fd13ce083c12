// The colours of the VIP ranks' badges (issue 26, item 6; decision 041): by rank level, not by
// name (the operator names the ranks, in nine languages). Metals then gems; a level past the
// palette keeps the last colour.

export type TierColours = { face: string; rim: string; ink: string };

const PALETTE: readonly TierColours[] = [
  { face: "#e09a5f", rim: "#8a4b1f", ink: "#2b1404" }, // 1 bronze
  { face: "#dfe4ee", rim: "#8c96a8", ink: "#1c2230" }, // 2 silver
  { face: "#f7cf4a", rim: "#a87a06", ink: "#2e2100" }, // 3 gold
  { face: "#9fe8dc", rim: "#3b9486", ink: "#0b2622" }, // 4 platinum
  { face: "#8fd0ff", rim: "#2f6fd6", ink: "#071a33" }, // 5 diamond
  { face: "#dcaaff", rim: "#7b3fd1", ink: "#22073f" }, // 6 royal
  { face: "#ff9bb3", rim: "#b0244a", ink: "#3a0614" }, // 7 and above
];

export function tierColours(level: number): TierColours {
  const index = Math.min(PALETTE.length, Math.max(1, Math.trunc(level) || 1)) - 1;
  return PALETTE[index]!;
}
