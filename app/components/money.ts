import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_BALANCE_SYMBOL, formatMoney, withSymbol } from "~/domain/money";
import type { RootData } from "~/shell.server";

/** Amounts written in a component as the server writes them (app/money/format.server.ts). */
export function useMoney(): (amount: number) => string {
  const root = useRouteLoaderData<RootData>("root");
  const symbol = root?.user ? (root.balance?.value?.symbol ?? DEFAULT_BALANCE_SYMBOL) : undefined;
  const language = root?.locale ?? "en";
  return (amount) => withSymbol(formatMoney(amount, language), symbol);
}
