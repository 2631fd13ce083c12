import { z } from "zod";
import { call, type GatewayContext } from "./client.server";

const loginResult = z
  .object({
    token: z.string().min(1),
    id: z.union([z.string(), z.number()]).nullish(),
    userName: z.string().nullish(),
    customerType: z.coerce.number().int().nullish(),
    firstTimeLogin: z.boolean().nullish(),
    passwordExpired: z.boolean().nullish(),
  })
  .passthrough();

export type LoginResult = z.infer<typeof loginResult>;

export type LoginPayload = {
  username: string;
  password: string;
  type: "username" | "sms";
  captcha?: string;
  loginDeviceId?: string;
};

export function sessionApi(ctx: GatewayContext) {
  return {
    login(payload: LoginPayload): Promise<LoginResult> {
      return call(ctx, { method: "POST", path: "/wps/session/login", auth: "none", encrypted: true, body: payload, schema: loginResult });
    },
    async logout(): Promise<void> {
      await call(ctx, { method: "DELETE", path: "/wps/session/logout", auth: "optional", schema: z.unknown() });
    },
  };
}
