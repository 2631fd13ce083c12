import type { RequestContext } from "~/context.server";
import { DEFAULT_BALANCE_SYMBOL, formatMoney, withSymbol } from "~/domain/money";

/**
 * How this page writes amounts: the language's grouping and the platform's currency symbol (from
 * the balance the page reads anyway; 'P' when the platform gives none, docs/SPEC.md point 9). Visitors have
 * no balance to read, so their amounts carry no symbol rather than a guessed one.
 */
export async function moneyFormat(ctx: RequestContext): Promise<(amount: number | null | undefined) => string> {
  const symbol = ctx.session.get("token")
    ? await ctx.balance().then(
        (b) => b.currencySymbol || DEFAULT_BALANCE_SYMBOL,
        () => DEFAULT_BALANCE_SYMBOL,
      )
    : undefined;
  return (amount) => withSymbol(formatMoney(amount ?? 0, ctx.language), symbol);
}

/** A win or a credit with its plus sign ("+৳ 69.00"); losses keep their minus. */
export function signed(money: (amount: number) => string): (amount: number) => string {
  return (amount) => `${amount > 0 ? "+" : ""}${money(amount)}`;
}
