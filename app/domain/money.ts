export const DEFAULT_BALANCE_SYMBOL = "P";
export const HIDDEN_BALANCE = "***";

/** 1234.5 → "1,234.50" in the player's language digits are kept Latin: amounts must read the same everywhere. */
export function formatMoney(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = "0", cents = "00"] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount < 0 ? "-" : ""}${grouped}.${cents}`;
}
