export const DEFAULT_BALANCE_SYMBOL = "P";
export const HIDDEN_BALANCE = "***";

/** 1234.5 → "1,234.50" in the player's language digits are kept Latin: amounts must read the same everywhere. */
export function formatMoney(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = "0", cents = "00"] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount < 0 ? "-" : ""}${grouped}.${cents}`;
}

/** accountTypeId of the main wallet (contract §3.4). */
export const MAIN_WALLET = 2;
/** The largest amount a money form takes; the platform has its own limits below this. */
export const MAX_AMOUNT = 10_000_000;

/** An amount typed by a player: "1,250.5" → 1250.5; undefined when it is not a positive amount with at most 2 decimals. */
export function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, "");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return value > 0 && value <= MAX_AMOUNT ? value : undefined;
}
