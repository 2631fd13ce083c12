import { z } from "zod";
import { call, callOnce, type GatewayContext } from "./client.server";
import { money, rowsOf } from "./wire.server";

const walletRow = z
  .object({
    accountTypeId: z.coerce.number().int(),
    accountId: z.union([z.string(), z.number()]).nullish(),
    displayName: z.string().nullish(),
    availBalance: money,
    status: z.string().nullish(),
  })
  .passthrough();

/**
 * The balance in its readings (decision 038): `{sumBalance, balance[…]}` (H); the older generation's
 * `balances[{accountName, availBalance}]` (M); a bare number for the total. Without sumBalance the
 * total is the wallets' sum; a wallet row without its type id is counted in it but not listed.
 */
const balanceSchema = z.preprocess(
  (v) => {
    if (typeof v === "number" || typeof v === "string") return { sumBalance: v };
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    const rows = (Array.isArray(o.balance) ? o.balance : Array.isArray(o.balances) ? o.balances : undefined) as
      | Record<string, unknown>[]
      | undefined;
    const named = rows?.map((r) =>
      typeof r === "object" && r !== null && r.displayName == null && r.accountName != null ? { ...r, displayName: r.accountName } : r,
    );
    const sum = o.sumBalance ?? o.totalBalance ?? named?.reduce((total, r) => total + (money.safeParse(r?.availBalance).data ?? 0), 0);
    return { ...o, sumBalance: sum, balance: named };
  },
  z
    .object({
      sumBalance: money,
      balance: rowsOf(walletRow),
      currency: z.string().nullish(),
      currencySymbol: z.string().nullish(),
    })
    .passthrough(),
);

export type Balance = z.infer<typeof balanceSchema>;

export function walletApi(ctx: GatewayContext) {
  return {
    balance(): Promise<Balance> {
      return call(ctx, { method: "GET", path: "/wps/v2/wallets/balance", query: { typeId: 0 }, auth: "required", schema: balanceSchema });
    },
    /** Between the main wallet (2) and a vendor wallet, either way (decision 016); answers the balances after. */
    transfer(body: {
      requestId: string;
      fromAccountTypeId: number;
      toAccountTypeId: number;
      amount: number;
    }): Promise<Balance | undefined> {
      return callOnce(ctx, {
        method: "POST",
        path: "/wps/relay/GCS_walletTransfer",
        body,
        auth: "required",
        moduleId: "FUNDTRANS3",
        schema: balanceSchema,
      });
    },
    /** Every vendor wallet back to the main wallet, in one movement. */
    recallAll(requestId: string): Promise<Balance | undefined> {
      return callOnce(ctx, {
        method: "POST",
        path: "/wps/relay/GCS_walletReturn",
        body: { requestId },
        auth: "required",
        moduleId: "FUNDTRANS3",
        schema: balanceSchema,
      });
    },
    /** Single-wallet merchants hide transfers into vendor wallets. Public and cached. */
    async isSingleWallet(): Promise<boolean> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/GCS_merchantWallet",
        query: { merchantCode: ctx.merchant },
        auth: "none",
        cache: true,
        schema: z.object({ isSingle: z.boolean().nullish() }).passthrough(),
      });
      return value.isSingle === true;
    },
  };
}
