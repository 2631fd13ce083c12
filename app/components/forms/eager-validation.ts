import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import type { EagerValidation } from "./use-route-form";

/**
 * An eager schema for `useRouteForm`: zod and conform's zod adapter come with the page (the account
 * forms: login, register, reset). Member pages load theirs lazily instead (decision 024).
 */
export function eager<S extends z.ZodTypeAny>(schema: S): EagerValidation<S> {
  return { eager: (formData) => parseWithZod(formData, { schema }) };
}
