import { z } from "zod";
import { call, callOnce, type GatewayContext } from "./client.server";

const money = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

const balanceSchema = z
  .object({
    sumBalance: money,
    balance: z
      .array(
        z
          .object({
            accountTypeId: z.coerce.number().int(),
            accountId: z.union([z.string(), z.number()]).nullish(),
            displayName: z.string().nullish(),
            availBalance: money,
            status: z.string().nullish(),
          })
          .passthrough(),
      )
      .nullish(),
    currency: z.string().nullish(),
    currencySymbol: z.string().nullish(),
  })
  .passthrough();

export type Balance = z.infer<typeof balanceSchema>;

export function walletApi(ctx: GatewayContext) {
  return {
    balance(): Promise<Balance> {
      return call(ctx, { method: "GET", path: "/wps/v2/wallets/balance", query: { typeId: 0 }, auth: "required", schema: balanceSchema });
    },
    /** Between the main wallet (2) and a vendor wallet, either way (decision 016); answers the balances after. */
    transfer(body: { requestId: string; fromAccountTypeId: number; toAccountTypeId: number; amount: number }): Promise<Balance | undefined> {
      return callOnce(ctx, { method: "POST", path: "/wps/relay/GCS_walletTransfer", body, auth: "required", moduleId: "FUNDTRANS3", schema: balanceSchema });
    },
    /** Every vendor wallet back to the main wallet, in one movement. */
    recallAll(requestId: string): Promise<Balance | undefined> {
      return callOnce(ctx, { method: "POST", path: "/wps/relay/GCS_walletReturn", body: { requestId }, auth: "required", moduleId: "FUNDTRANS3", schema: balanceSchema });
    },
    /** Single-wallet merchants hide transfers into vendor wallets. Public and cached. */
    async isSingleWallet(): Promise<boolean> {
      const value = await call(ctx, {
        method: "GET", path: "/wps/relay/GCS_merchantWallet", query: { merchantCode: ctx.merchant }, auth: "none", cache: true,
        schema: z.object({ isSingle: z.boolean().nullish() }).passthrough(),
      });
      return value.isSingle === true;
    },
  };
}
