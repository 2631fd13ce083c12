import { intlLocale } from "~/i18n/config";

export const DEFAULT_BALANCE_SYMBOL = "P";
/** A money form's message while the platform has not yet said how its request ended (decision 033). */
export const PENDING_MESSAGE = "common:money.pending";
export const HIDDEN_BALANCE = "***";

const formats = new Map<string, Intl.NumberFormat>();

/**
 * 1234.5 → "1,234.50" in English, "1,234.50" grouped the language's way ("12,34,567.50" in
 * Bengali, "1.234,50" in Indonesian and Vietnamese), always two decimals and Latin digits.
 */
export function formatMoney(amount: number, language = "en"): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(language, format);
  }
  return format.format(amount);
}

/** An amount with the platform's currency symbol ("৳ 1,234.50", "-৳ 23.00"), or bare when the symbol is unknown. */
export function withSymbol(text: string, symbol: string | undefined): string {
  if (!symbol) return text;
  // Urdu's Intl writes an invisible left-to-right mark before the minus: it stays with the sign.
  const sign = /^[\u200e\u200f]?[-−]/.exec(text)?.[0] ?? "";
  return `${sign}${symbol}\u00a0${text.slice(sign.length)}`;
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

/**
 * How a deposit channel is paid (contract §5.1): by the payer's reference after a manual transfer,
 * or at a gateway page the platform hands back. The channel's submitType says it when the platform
 * sends one (an L fact); otherwise its method code names it: a manual transfer (MT) and the
 * send-money wallets players pay by number and then quote a transaction id.
 */
export type DepositKind = "reference" | "gateway";
const MANUAL_METHODS = new Set(["MT", "BT", "BANK", "BKASH", "NAGAD", "ROCKET", "UPI"]);

export function depositKind(channel: { methodCode?: string | null; submitType?: string | null }): DepositKind {
  const submitType = channel.submitType?.toUpperCase();
  if (submitType === "TRANSACTION_ID") return "reference";
  if (submitType === "LAUNCH_URL") return "gateway";
  const code = (channel.methodCode ?? "").toUpperCase();
  return MANUAL_METHODS.has(code) || code.startsWith("MT_") ? "reference" : "gateway";
}
