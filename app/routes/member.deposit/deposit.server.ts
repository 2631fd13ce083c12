import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { moneyFormat } from "~/money/format.server";
import { data } from "@remix-run/node";
import { readFailed, requireMember } from "~/accounts/guards.server";
import { dayIn, addDays } from "~/domain/date-range";
import { depositKind, parseAmount } from "~/domain/money";
import { cancelDepositSchema, depositSchema } from "~/domain/money-forms";
import { env } from "~/env.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction, moneyRefusal } from "~/money/action.server";
import { formRequestId, pendingView } from "~/money/pending.server";
import { redirectWithNotice } from "~/session.server";

// Deposit (depositv2): method and channel chosen by links (state in the URL), then the amount and,
// for manual transfers, the payer's reference. A request stays pending until the operator credits
// or rejects it; the latest requests show below with their status.

const CODE = /^[A-Z0-9_]{1,20}$/;
const RECENT_DAYS = 30;

export async function depositLoader(request: Request) {
  const ctx = await requireMember(request);
  const money = await moneyFormat(ctx);
  const url = new URL(request.url);
  const cashier = ctx.gateway.cashier;
  try {
    const [settings, methods] = await Promise.all([cashier.depositSettings(), cashier.depositMethods()]);
    const wanted = (url.searchParams.get("method") ?? "").toUpperCase();
    const method = methods.find((m) => m.methodCode === wanted) ?? methods[0];
    const channels = method && CODE.test(method.methodCode) ? await cashier.depositChannels(method.methodCode) : [];
    const channel = channels.find((c) => c.channelId === url.searchParams.get("channel")) ?? channels[0];
    const picked = parseAmount(url.searchParams.get("amount") ?? "");
    const today = dayIn(Date.now(), env().TIME_ZONE);
    const recent = await cashier
      .depositReport({ pageNo: 1, pageSize: 5, dateFrom: addDays(today, -RECENT_DAYS), dateTo: today })
      .catch(() => null);
    return {
      allowed: settings.allowDeposit !== "N",
      methods: methods.map((m) => ({ code: m.methodCode, name: m.methodName ?? m.methodCode })),
      method: method?.methodCode ?? null,
      channels: channels.map((c) => ({ id: c.channelId, name: c.channelName ?? c.channelId })),
      channel: channel
        ? {
            id: channel.channelId,
            byReference: depositKind(channel) === "reference",
            min: money(channel.minAmount),
            max: money(channel.maxAmount),
            fixed: (channel.fixedAmounts ?? []).map((a) => ({ value: String(a), text: money(a) })),
            custom: channel.allowCustomAmount !== false,
            accountName: channel.accountName ?? "",
            accountNumber: channel.accountNumber ?? "",
            instructions: channel.instructions ?? "",
          }
        : null,
      amount: picked ? String(picked) : "",
      recent: (recent?.list ?? []).map((d) => ({
        id: d.depositId,
        amount: money(d.amount),
        status: d.status,
        method: d.methodCode ?? "",
        channel: d.channelName ?? "",
      })),
      requestId: formRequestId(ctx.session, request, "deposit"),
      cancelRequestId: formRequestId(ctx.session, request, "cancel"),
      pending: { deposit: pendingView(ctx.session, request, "deposit"), cancel: pendingView(ctx.session, request, "cancel") },
      constraint: getZodConstraint(depositSchema),
      meta: await pageMeta(request, "member.deposit"),
    };
  } catch (error) {
    return readFailed(request)(error);
  }
}

export async function depositAction(request: Request) {
  const { ctx, formData } = await moneyAction(request);
  const cancel = formData.get("intent") === "cancel";
  if (cancel) {
    const submission = parseWithZod(formData, { schema: cancelDepositSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await ctx.gateway.cashier.cancelDeposit(submission.value);
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply(o), error);
    }
    return redirectWithNotice(ctx.session, "/member/deposit", "member.depositPage.cancelled");
  }
  const submission = parseWithZod(formData, { schema: depositSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { requestId, methodCode, channelId, amount, transactionId } = submission.value;
  try {
    // The channel is read again: its submit type decides the call, not anything the form says.
    const channel = (await ctx.gateway.cashier.depositChannels(methodCode)).find((c) => c.channelId === channelId);
    if (!channel)
      return data({ result: submission.reply({ fieldErrors: { channelId: ["validation.channelRequired"] } }) }, { status: 400 });
    if (depositKind(channel) === "reference" && !transactionId) {
      return data({ result: submission.reply({ fieldErrors: { transactionId: ["validation.transactionIdRequired"] } }) }, { status: 400 });
    }
    await ctx.gateway.cashier.deposit(channel, { requestId, amount, transactionId });
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply(o), error);
  }
  return redirectWithNotice(ctx.session, `/member/deposit?method=${encodeURIComponent(methodCode)}`, "member.depositPage.sent");
}
