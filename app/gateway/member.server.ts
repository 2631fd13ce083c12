import { z } from "zod";
import { call, type GatewayContext } from "./client.server";

const memberInfo = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    account: z.string().nullish(),
    nickname: z.string().nullish(),
    type: z.coerce.number().int().nullish(),
    toUpline: z.boolean().nullish(),
    clubLabel: z.object({ labelName: z.string().nullish(), rankLevel: z.coerce.number().nullish() }).passthrough().nullish(),
    regDate: z.number().nullish(),
    mobile: z.string().nullish(),
  })
  .passthrough();

export type MemberInfo = z.infer<typeof memberInfo>;

export function memberApi(ctx: GatewayContext) {
  return {
    info(): Promise<MemberInfo> {
      return call(ctx, { method: "GET", path: "/wps/member/info", auth: "required", schema: memberInfo });
    },
  };
}
