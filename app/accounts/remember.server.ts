import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { cookieSecure } from "~/session.server";

// Remembered login (docs/SPEC.md point 4): one day, the last user name, the flag and the mobile number
// with its dialing code. Never the password (docs/DESIGN.md: the spec's reading that keeps it is a defect).
const rememberCookie = createCookie("remember", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24,
  secure: cookieSecure(),
});

const shape = z.object({
  userName: z.string().max(64).optional(),
  mobile: z.string().max(20).optional(),
  dialingCode: z.string().max(5).optional(),
  remember: z.literal(true),
});
export type Remembered = z.infer<typeof shape>;

export async function readRemembered(request: Request): Promise<Remembered | null> {
  const parsed = shape.safeParse(await rememberCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export async function rememberCookieHeader(value: Omit<Remembered, "remember"> | null): Promise<string> {
  return value ? rememberCookie.serialize({ ...value, remember: true }) : rememberCookie.serialize("", { maxAge: 0 });
}
