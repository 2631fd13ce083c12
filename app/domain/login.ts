import { z } from "zod";

// Username login (SPEC.md point 5): both fields required, input trimmed.
// Messages are translation keys: the same schema serves server and browser in any language.
export const loginSchema = z.object({
  username: z.string({ required_error: "validation.usernameRequired" }).trim().min(1, "validation.usernameRequired").max(64, "validation.tooLong"),
  password: z.string({ required_error: "validation.passwordRequired" }).min(1, "validation.passwordRequired").max(128, "validation.tooLong"),
  redirectTo: z.string().optional(),
});

export type LoginForm = z.infer<typeof loginSchema>;

/** Only same-site paths: never send a player to another host after login. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.startsWith("/login") || to.startsWith("/logout")) return fallback;
  return to;
}
