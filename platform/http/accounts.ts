import { z } from "zod";
import { checkSlider } from "../services/challenges";
import type { AccountContext } from "../services/complete-login";
import type { PlatformContext, PlatformDeps } from "./context";
import { PlatformError } from "./context";
import { holdsNul } from "./encrypted";

// What the accounts routes share: the request's account context, module gates, the slide-puzzle
// check and tolerant JSON bodies.

export function accountContext(c: PlatformContext, deps: PlatformDeps): AccountContext {
  return { db: deps.db, merchant: c.get("merchant"), ip: c.get("ip"), now: deps.now(), lang: c.get("lang"), modules: c.get("modules") };
}

/** 400 function.not.available unless at least one of the modules is on. */
export function requireModule(ctx: AccountContext, ...modIds: string[]): void {
  if (!modIds.some((id) => ctx.modules.has(id))) throw new PlatformError("function.not.available", "function.not.available", 400);
}

export const sliderSchema = z
  .object({ challengeId: z.string().max(64), x: z.coerce.number().finite() })
  .nullish()
  .catch(null);

/**
 * What a slide puzzle can guard: "login" (username login, and the SMS codes of the login and forgot
 * flows) and "register" (registration and its SMS code). GeeTest is configured per product too:
 * clients ask for it with product=register (contract §3.1).
 */
export const HUMAN_CHECK_PRODUCTS = ["login", "register"] as const;
export type HumanCheckProduct = (typeof HUMAN_CHECK_PRODUCTS)[number];

/** GEETEST3 on, and the product among the merchant's setting humanVerification (both when unset). */
export function humanCheckOn(ctx: AccountContext, product: HumanCheckProduct): boolean {
  if (!ctx.modules.has("GEETEST3")) return false;
  const products = ctx.merchant.settings.humanVerification;
  return Array.isArray(products) ? products.includes(product) : true;
}

/** When the product needs one, the call must carry a solved slide puzzle (used up either way). */
export async function requireHuman(ctx: AccountContext, answer: z.infer<typeof sliderSchema>, product: HumanCheckProduct): Promise<void> {
  if (!humanCheckOn(ctx, product)) return;
  if (!(await checkSlider(ctx.db, ctx.merchant.code, answer, ctx.now))) {
    throw new PlatformError("human.verification.failed", "human.verification.failed");
  }
}

/** A text field: strings, or numbers some clients send for digits; null and absent alike. */
export const text = (max = 255) =>
  z
    .union([z.string(), z.number().finite()])
    .transform(String)
    .pipe(z.string().max(max))
    .nullish()
    .transform((v) => v ?? undefined);

const badRequest = () => new PlatformError("parameter.invalid", "parameter.invalid", 400);

/** A plain JSON body (an empty body reads as {}); anything else is 400 parameter.invalid. */
export async function readJson<S extends z.ZodTypeAny>(c: PlatformContext, schema: S): Promise<z.infer<S>> {
  const raw = (await c.req.text()).trim();
  let body: unknown = {};
  if (raw) {
    try {
      body = JSON.parse(raw);
    } catch {
      throw badRequest();
    }
  }
  const parsed = holdsNul(body) ? null : schema.safeParse(body);
  if (!parsed?.success) throw badRequest();
  return parsed.data;
}

/** A form post (x-www-form-urlencoded or multipart), or JSON for clients that send it so. */
export async function readFormOrJson<S extends z.ZodTypeAny>(c: PlatformContext, schema: S): Promise<z.infer<S>> {
  const type = c.req.header("Content-Type") ?? "";
  if (!/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) return readJson(c, schema);
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest();
  }
  const parsed = holdsNul(form) ? null : schema.safeParse(form);
  if (!parsed?.success) throw badRequest();
  return parsed.data;
}
