import { z } from "zod";
import { call, type GatewayContext } from "./client.server";

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
  };
}
