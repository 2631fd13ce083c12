import { z } from "zod";
import { depositKind } from "~/domain/money";
import { call, callOnce, type GatewayContext } from "./client.server";
import { forgetPerPlayer, perPlayer } from "./per-player.server";
import { id, maybeMoney, money, objectIn, pageOf, rowsOf, text, yes } from "./wire.server";

// Money calls of decision 016: deposit, withdraw, withdraw password and cards, transfer to
// upline, and the inbox. Every money-moving call carries the requestId minted with its form.

/** How long the header's unread count is kept for a player (the inbox page always asks afresh). */
const UNREAD_SECONDS = 15;

/** Paged reports: `{list, total, totalPages, pageNo}`, or any reading of a page (decision 038). */
const paged = <T extends z.ZodTypeAny>(item: T) =>
  z
    .preprocess(
      (v) => ({ page: v, pageNo: objectIn(v).pageNo ?? objectIn(v).pageNum }),
      z.object({ page: pageOf(item, z.unknown()), pageNo: maybeMoney }),
    )
    .transform((v) => ({ list: v.page.list as z.output<T>[], total: v.page.total, totalPages: v.page.totalPages, pageNo: v.pageNo ?? 1 }));

export type Paged<T> = { list: T[]; total: number; totalPages: number; pageNo: number };
export type Report = { pageNo: number; pageSize: number; dateFrom: string; dateTo: string; status?: string };

const depositMethod = z.object({ methodCode: z.string(), methodName: text, sort: money.nullish() }).passthrough();
const depositChannel = z
  .object({
    channelId: id,
    methodCode: text,
    channelName: text,
    // Absent on some platforms (L): the method code then names the relay (depositKind).
    submitType: z.string().nullish(),
    minAmount: money,
    maxAmount: money,
    fixedAmounts: z.array(money).nullish(),
    allowCustomAmount: z.boolean().nullish(),
    accountName: text,
    accountNumber: text,
    instructions: text,
  })
  .passthrough();
export type DepositChannel = z.infer<typeof depositChannel>;

const deposit = z
  .object({
    depositId: id,
    methodCode: text,
    channelName: text,
    amount: money,
    status: z.string(),
    transactionId: text,
    remark: text,
    createdAt: z.string().nullish(),
  })
  .passthrough();
export type Deposit = z.infer<typeof deposit>;

const card = z
  .object({
    bankCardId: id,
    cardType: z.string(),
    bankCode: text,
    bankName: text,
    accountName: text,
    accountNumber: text,
    isWithdrawActive: z.boolean().nullish(),
  })
  .passthrough();
export type BankCard = z.infer<typeof card>;

const withdrawal = z
  .object({
    withdrawalId: id,
    amount: money,
    status: z.string(),
    bankName: text,
    accountNumber: text,
    createdAt: z.string().nullish(),
    issuedAt: z.string().nullish(),
    confirmDeadline: z.string().nullish(),
    receivedAmount: money.nullish(),
    remainingAmount: money.nullish(),
    autoConfirmed: z.boolean().nullish(),
    remark: text,
  })
  .passthrough();
export type Withdrawal = z.infer<typeof withdrawal>;

const accountInfo = z
  .object({
    cards: rowsOf(card),
    minWithdrawal: money.nullish(),
    maxWithdrawal: money.nullish(),
    remainingWithdrawAmount: money.nullish(),
    remainingTransactionTimes: money.nullish(),
    hasPaymentPassword: yes,
    passwordRequired: yes,
  })
  .passthrough();

const message = z
  .object({ id: id, kind: text, title: text, content: text, time: z.union([z.string(), z.number()]).nullish(), read: yes })
  .passthrough();
export type InboxMessage = z.infer<typeof message>;

const reportQuery = (r: Report) => ({ pageNo: r.pageNo, pageSize: r.pageSize, dateFrom: r.dateFrom, dateTo: r.dateTo, status: r.status });

export function cashierApi(ctx: GatewayContext) {
  const relay = (name: string) => `/wps/relay/${name}`;
  return {
    depositSettings() {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getDepositSettings"),
        auth: "required",
        moduleId: "DEPREC3",
        schema: z
          .object({ allowDeposit: text, pendingCount: money.nullish().catch(null), maxPending: money.nullish().catch(null) })
          .passthrough(),
      });
    },
    depositMethods() {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getDepositMethods"),
        auth: "required",
        moduleId: "DEPREC3",
        schema: rowsOf(depositMethod),
      });
    },
    depositChannels(methodCode: string) {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getDepositPaymentChannels"),
        query: { methodCode },
        auth: "required",
        moduleId: "DEPREC3",
        schema: rowsOf(depositChannel),
      });
    },
    /** Submits a deposit by the relay its channel names; it stays pending until the operator acts. */
    deposit(
      channel: Pick<DepositChannel, "channelId" | "submitType" | "methodCode">,
      body: { requestId: string; amount: number; transactionId?: string },
    ) {
      const byReference = depositKind(channel) === "reference";
      return callOnce(ctx, {
        method: "POST",
        path: relay(byReference ? "MCSFE_manualTransferByTransactionId" : "MCSFE_depositByLaunchUrl"),
        body: {
          requestId: body.requestId,
          channelId: channel.channelId,
          amount: body.amount,
          ...(byReference ? { transactionId: body.transactionId } : {}),
        },
        auth: "required",
        moduleId: "DPSTBAS3",
        schema: deposit,
      });
    },
    cancelDeposit(body: { requestId: string; depositId: string }) {
      return callOnce(ctx, {
        method: "POST",
        path: relay("MCSFE_cancelDeposit"),
        body,
        auth: "required",
        moduleId: "DPSTBAS3",
        schema: deposit,
      });
    },
    depositReport(r: Report): Promise<Paged<Deposit>> {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getDepositTransactionReport"),
        query: reportQuery(r),
        auth: "required",
        moduleId: "DEPREC3",
        schema: paged(deposit),
      });
    },

    hasWithdrawPassword() {
      return call(ctx, {
        method: "GET",
        path: "/wps/member/hasWithdrawalPassword",
        auth: "required",
        moduleId: "PAYMENTPASS3",
        // A bare boolean (H), or 1/"Y", or the value under its own name.
        // An answer that says neither still fails: a guess here would send the player the wrong form.
        schema: z.preprocess(
          (v) => (typeof v === "object" && v !== null ? (v as { hasWithdrawalPassword?: unknown }).hasWithdrawalPassword : v),
          yes.pipe(z.boolean()),
        ),
      });
    },
    async setWithdrawPassword(body: { oldPassword?: string; newPassword: string; confirmNewPassword: string }) {
      await call(ctx, {
        method: body.oldPassword ? "POST" : "PUT",
        path: "/wps/member/paymentPassword",
        body,
        encrypted: true,
        auth: "required",
        moduleId: "PAYMENTPASS3",
        schema: z.unknown(),
      });
    },
    banks(cardType?: "BC" | "EW") {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getBanks"),
        query: { cardType },
        auth: "required",
        moduleId: "BINDCARD3",
        schema: rowsOf(z.object({ bankCode: z.string(), bankName: text, cardType: text }).passthrough()),
      });
    },
    bindCard(body: { cardType: "BC" | "EW"; bankCode: string; accountName: string; accountNumber: string }) {
      return call(ctx, {
        method: "PUT",
        path: "/wps/v2/member/bankCards",
        body,
        encrypted: true,
        auth: "required",
        moduleId: "BINDCARD3",
        schema: card,
      });
    },
    withdrawAccountInfo() {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getWithdrawAccountInfo"),
        auth: "required",
        moduleId: "WTHDRW3",
        schema: accountInfo,
      });
    },
    withdraw(body: { requestId: string; amount: number; bankCardId: string; password: string }) {
      return callOnce(ctx, {
        method: "POST",
        path: "/wps/v2/transaction/withdraw",
        body,
        encrypted: true,
        auth: "required",
        moduleId: "WTHDRW3",
        schema: withdrawal,
      });
    },
    withdrawReport(r: Report): Promise<Paged<Withdrawal>> {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getWithdrawTransactionReport"),
        query: reportQuery(r),
        auth: "required",
        moduleId: "WTHDRW3",
        schema: paged(withdrawal),
      });
    },
    confirmWithdrawal(body: {
      requestId: string;
      withdrawalId: string;
      result: "RECEIVED" | "PARTLY" | "NOT_RECEIVED";
      receivedAmount?: number;
      proofImages?: string[];
    }) {
      return callOnce(ctx, {
        method: "POST",
        path: relay("MCSFE_confirmWithdrawal"),
        body,
        auth: "required",
        moduleId: "WTHDRW3",
        schema: withdrawal,
      });
    },

    uplineInfo() {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getUplineInfo"),
        auth: "required",
        moduleId: "FUNDTRANS3",
        schema: z.object({ hasUpline: yes.pipe(z.boolean()), uplineName: text, passwordRequired: yes }).passthrough(),
      });
    },
    /** Encrypted, as the contract has every transfer between upline and downline (decision 025). */
    transferToUpline(body: { requestId: string; amount: number; password: string }) {
      return callOnce(ctx, {
        method: "POST",
        path: "/wps/relay/passwordCheck/MCS2_transferToUpline",
        body,
        encrypted: true,
        auth: "required",
        moduleId: "FUNDTRANS3",
        schema: z.object({ amount: money, balance: money.nullish(), uplineName: text }).passthrough(),
      });
    },

    /** The header's unread count, kept 15 s for the player unless `fresh` (the inbox itself asks afresh). */
    unreadCount(options: { fresh?: boolean } = {}) {
      // A bare number (H); `{count}` or `{unreadCount}` from a platform that wraps it.
      const count = z.preprocess(
        (v) =>
          typeof v === "object" && v !== null ? ((v as Record<string, unknown>).unreadCount ?? (v as Record<string, unknown>).count) : v,
        money,
      );
      const read = () => call(ctx, { method: "GET", path: relay("CSP_unreadCount"), auth: "required", moduleId: "INBOX3", schema: count });
      if (!ctx.token) return read();
      if (options.fresh) forgetPerPlayer(ctx.token, "unread");
      return perPlayer(ctx.token, "unread", UNREAD_SECONDS, read);
    },
    inbox(pageNo: number, pageSize: number): Promise<Paged<InboxMessage>> {
      return call(ctx, {
        method: "GET",
        path: relay("MCSFE_getInboxMessages"),
        query: { pageNo, pageSize },
        auth: "required",
        moduleId: "INBOX3",
        schema: paged(message),
      });
    },
    async readMessage(messageId: string | "all") {
      try {
        return await call(ctx, {
          method: "POST",
          path: relay(messageId === "all" ? "MCSFE_readAllInboxMessages" : "MCSFE_readInboxMessage"),
          body: messageId === "all" ? {} : { id: Number.isFinite(Number(messageId)) ? Number(messageId) : messageId },
          auth: "required",
          moduleId: "INBOX3",
          schema: z.object({ unread: money.nullish() }).passthrough(),
        });
      } finally {
        // After the platform has it: a header read meanwhile must not keep the old count.
        forgetPerPlayer(ctx.token, "unread");
      }
    },
  };
}
