import type { Hono } from "hono";
import { z } from "zod";
import { amountSchema, toMinor } from "../services/money-common";
import { changePaymentPassword, checkPaymentPassword, hasPaymentPassword, setPaymentPassword } from "../services/money-password";
import { bindCard, submitWithdrawal } from "../services/withdrawals";
import { accountContext, requireModule } from "./accounts";
import { ok, type PlatformContext, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { readEncrypted } from "./encrypted";
import { sessionGuard } from "./guards";
import { idSchema, passwordRequired } from "./money-relays";
import { refuseTrial, requestIdSchema } from "../services/requests";

// The money calls outside the relay (decision 016): the withdraw password, bound cards and the
// encrypted withdraw submit.

const setBody = z.object({ newPassword: z.string().max(200), confirmNewPassword: z.string().max(200).nullish() });
const changeBody = z.object({
  oldPassword: z.string().max(200),
  newPassword: z.string().max(200),
  confirmNewPassword: z.string().max(200).nullish(),
});
const cardBody = z.object({
  cardType: z.string().max(8),
  bankCode: z.string().max(32),
  accountName: z.string().max(200),
  accountNumber: z.union([z.string().max(64), z.number().int().nonnegative()]).transform(String),
});
const withdrawBody = z.object({
  requestId: requestIdSchema,
  amount: amountSchema,
  bankCardId: idSchema,
  password: z.string().max(200).nullish(),
});

export function registerMoneyRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const session = sessionGuard(deps);
  const gate = (c: PlatformContext, modId: string) => requireModule(accountContext(c, deps), modId);

  app.get("/wps/member/hasWithdrawalPassword", session, async (c) => {
    gate(c, "PAYMENTPASS3");
    return ok(c, await hasPaymentPassword(deps.db, c.get("member").memberId));
  });

  app.put("/wps/member/paymentPassword", session, async (c) => {
    gate(c, "PAYMENTPASS3");
    refuseTrial(c.get("member"));
    const body = await readEncrypted(c, deps, setBody);
    await setPaymentPassword(deps.db, c.get("member").memberId, body.newPassword, body.confirmNewPassword, deps.now());
    return ok(c, null);
  });

  app.post("/wps/member/paymentPassword", session, async (c) => {
    gate(c, "PAYMENTPASS3");
    refuseTrial(c.get("member"));
    const body = await readEncrypted(c, deps, changeBody);
    await changePaymentPassword(deps.db, c.get("merchant").code, c.get("member").memberId, body, c.get("ip"), deps.now());
    return ok(c, null);
  });

  app.put("/wps/v2/member/bankCards", session, async (c) => {
    gate(c, "BINDCARD3");
    refuseTrial(c.get("member"));
    const body = await readEncrypted(c, deps, cardBody);
    return ok(c, await bindCard(deps.db, c.get("merchant").code, c.get("member"), body, deps.now()));
  });

  // Binding is final (docs/SPEC.md point 4): members cannot remove a card.
  app.delete("/wps/v2/member/bankCards", session, async (c) => {
    gate(c, "BINDCARD3");
    refuseTrial(c.get("member"));
    throw new PlatformError("card.binding.final", "card.binding.final");
  });

  app.post("/wps/v2/transaction/withdraw", session, async (c) => {
    gate(c, "WTHDRW3");
    const member = c.get("member");
    refuseTrial(member);
    const body = await readEncrypted(c, deps, withdrawBody);
    const amount = toMinor(body.amount);
    if (passwordRequired(c))
      await checkPaymentPassword(deps.db, c.get("merchant").code, member.memberId, body.password ?? "", c.get("ip"), deps.now());
    return ok(
      c,
      await submitWithdrawal(
        deps.db,
        c.get("merchant"),
        member,
        { requestId: body.requestId, amount, bankCardId: body.bankCardId },
        deps.now(),
      ),
    );
  });
}
