import { z } from "zod";
import {
  cancelDeposit,
  depositChannels,
  depositMethods,
  depositReport,
  depositSettings,
  fixedAmounts,
  submitDeposit,
  type SubmitType,
} from "../services/deposits";
import { listMessages, readAllMessages, readMessage, unreadCount } from "../services/inbox";
import { amountSchema, pageFrom, toMinor } from "../services/money-common";
import { rangeFrom } from "../services/periods";
import { checkPaymentPassword, hasPaymentPassword } from "../services/money-password";
import { findUpline, isSingleWallet, maskName, transferToUpline, walletReturn, walletTransfer } from "../services/wallet-transfer";
import { confirmWithdrawal, listBanks, withdrawAccountInfo, withdrawReport, withdrawSettings } from "../services/withdrawals";
import { readJson } from "./accounts";
import type { PlatformContext, PlatformDeps } from "./context";
import type { Relay } from "./game-relays";
import { refuseTrial, requestIdSchema } from "../services/requests";

// The money relays of decision 016, registered into the relay table of relay-routes.ts.

/** An id: a positive integer, sent as a number or a string of digits. */
export const idSchema = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const transferBody = z.object({ requestId: requestIdSchema, fromAccountTypeId: idSchema, toAccountTypeId: idSchema, amount: amountSchema });
const returnBody = z.object({ requestId: requestIdSchema });
const readBody = z.object({ id: idSchema });
const manualBody = z.object({
  requestId: requestIdSchema,
  channelId: idSchema,
  amount: amountSchema,
  transactionId: z.string().max(200).nullish(),
});
const launchBody = z.object({ requestId: requestIdSchema, channelId: idSchema, amount: amountSchema });
const cancelBody = z.object({ requestId: requestIdSchema, depositId: idSchema });
const confirmBody = z.object({
  requestId: requestIdSchema,
  withdrawalId: idSchema,
  result: z.enum(["RECEIVED", "PARTLY", "NOT_RECEIVED"]),
  receivedAmount: amountSchema.nullish(),
  proofImages: z.array(z.string().max(8_000_000)).max(10).nullish(),
});
const uplineBody = z.object({ requestId: requestIdSchema, amount: amountSchema, password: z.string().max(200).nullish() });

/** Whether money calls need the withdraw password (WDRAWNOPASSVERIF3 off). */
export const passwordRequired = (c: PlatformContext) => !c.get("modules").has("WDRAWNOPASSVERIF3");

export function moneyRelays(deps: PlatformDeps): Record<string, Relay> {
  const merchantOf = (c: PlatformContext) => c.get("merchant");
  const memberOf = (c: PlatformContext) => c.get("member");
  const q = (c: PlatformContext, name: string) =>
    c.req
      .query(name)
      ?.replace(/\u0000/g, "")
      .trim()
      .slice(0, 64) || undefined;
  const page = (c: PlatformContext) => pageFrom(q(c, "pageNo"), q(c, "pageSize"));
  const range = (c: PlatformContext) => rangeFrom(q(c, "dateFrom"), q(c, "dateTo"));
  const optionalId = (c: PlatformContext, name: string) => {
    const raw = q(c, name);
    return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  };

  const deposit = (submitType: SubmitType, schema: typeof manualBody | typeof launchBody): Relay => ({
    token: true,
    module: "DEPREC3",
    methods: ["POST"],
    handle: async (c) => {
      refuseTrial(memberOf(c));
      const body = await readJson(c, schema);
      const transactionId = "transactionId" in body ? (body.transactionId?.trim() ?? null) : null;
      const record = await submitDeposit(
        deps.db,
        merchantOf(c),
        memberOf(c),
        { requestId: body.requestId, channelId: body.channelId, amount: toMinor(body.amount), transactionId, submitType },
        c.get("lang"),
        deps.now(),
      );
      return submitType === "LAUNCH_URL" ? { ...record, launchUrl: null, pending: true } : record;
    },
  });

  return {
    // ------------------------------------------------------------------ wallets
    GCS_walletTransfer: {
      token: true,
      module: "FUNDTRANS3",
      methods: ["POST"],
      handle: async (c) => {
        refuseTrial(memberOf(c));
        const body = await readJson(c, transferBody);
        const input = {
          requestId: body.requestId,
          fromAccountTypeId: body.fromAccountTypeId,
          toAccountTypeId: body.toAccountTypeId,
          amount: toMinor(body.amount),
        };
        return walletTransfer(deps.db, merchantOf(c), memberOf(c), input, c.get("lang"), deps.now());
      },
    },
    GCS_walletReturn: {
      token: true,
      module: "FUNDTRANS3",
      methods: ["POST"],
      handle: async (c) => {
        refuseTrial(memberOf(c));
        const body = await readJson(c, returnBody);
        return walletReturn(deps.db, merchantOf(c), memberOf(c), body.requestId, c.get("lang"), deps.now());
      },
    },
    GCS_merchantWallet: {
      token: false,
      methods: ["GET"],
      handle: async (c) => ({ isSingle: isSingleWallet(merchantOf(c)) }),
    },

    // ------------------------------------------------------------------ inbox
    CSP_unreadCount: {
      token: true,
      module: "INBOX3",
      methods: ["GET"],
      handle: (c) => unreadCount(deps.db, memberOf(c).memberId),
    },
    MCSFE_getInboxMessages: {
      token: true,
      module: "INBOX3",
      methods: ["GET"],
      handle: (c) => listMessages(deps.db, memberOf(c).memberId, page(c), c.get("lang")),
    },
    MCSFE_readInboxMessage: {
      token: true,
      module: "INBOX3",
      methods: ["POST"],
      handle: async (c) => {
        refuseTrial(memberOf(c));
        const body = await readJson(c, readBody);
        return readMessage(deps.db, memberOf(c).memberId, body.id, deps.now());
      },
    },
    MCSFE_readAllInboxMessages: {
      token: true,
      module: "INBOX3",
      methods: ["POST"],
      handle: async (c) => {
        refuseTrial(memberOf(c));
        return readAllMessages(deps.db, memberOf(c).memberId, deps.now());
      },
    },

    // ------------------------------------------------------------------ deposit
    MCSFE_getDepositSettings: {
      token: true,
      module: "DEPREC3",
      methods: ["GET"],
      handle: (c) => depositSettings(deps.db, memberOf(c).memberId),
    },
    MCSFE_getDepositMethods: {
      token: true,
      module: "DEPREC3",
      methods: ["GET"],
      handle: (c) => depositMethods(deps.db, merchantOf(c).code, c.get("lang")),
    },
    MCSFE_getDepositPaymentChannels: {
      token: true,
      module: "DEPREC3",
      methods: ["GET"],
      handle: (c) => depositChannels(deps.db, merchantOf(c).code, q(c, "methodCode")?.toUpperCase(), c.get("lang")),
    },
    MCSFE_getFixedAmounts: {
      token: true,
      module: "DEPREC3",
      methods: ["GET"],
      handle: (c) => fixedAmounts(deps.db, merchantOf(c).code, optionalId(c, "channelId")),
    },
    MCSFE_manualTransferByTransactionId: deposit("TRANSACTION_ID", manualBody),
    MCSFE_depositByLaunchUrl: deposit("LAUNCH_URL", launchBody),
    MCSFE_getDepositTransactionReport: {
      token: true,
      module: "DEPREC3",
      methods: ["GET"],
      handle: (c) => depositReport(deps.db, memberOf(c).memberId, page(c), range(c), q(c, "status"), c.get("lang")),
    },
    MCSFE_cancelDeposit: {
      token: true,
      module: "DEPREC3",
      methods: ["POST"],
      handle: async (c) => {
        refuseTrial(memberOf(c));
        const body = await readJson(c, cancelBody);
        return cancelDeposit(deps.db, memberOf(c), body.depositId, c.get("lang"), deps.now());
      },
    },

    // ------------------------------------------------------------------ withdraw
    MCSFE_getBanks: {
      token: true,
      module: "BINDCARD3",
      methods: ["GET"],
      handle: (c) => listBanks(deps.db, merchantOf(c).code, q(c, "cardType")?.toUpperCase()),
    },
    MCSFE_getWithdrawAccountInfo: {
      token: true,
      module: "WTHDRW3",
      methods: ["GET"],
      handle: (c) => withdrawAccountInfo(deps.db, merchantOf(c), memberOf(c).memberId, passwordRequired(c), deps.now()),
    },
    MCSFE_getWithdrawSettings: {
      token: true,
      module: "WTHDRW3",
      methods: ["GET"],
      handle: (c) => withdrawSettings(deps.db, merchantOf(c), memberOf(c).memberId),
    },
    MCSFE_getWithdrawTransactionReport: {
      token: true,
      module: "WTHDRW3",
      methods: ["GET"],
      handle: (c) => withdrawReport(deps.db, merchantOf(c), memberOf(c).memberId, page(c), range(c), q(c, "status"), deps.now()),
    },
    MCSFE_confirmWithdrawal: {
      token: true,
      module: "WTHDRW3",
      methods: ["POST"],
      handle: async (c) => {
        refuseTrial(memberOf(c));
        const body = await readJson(c, confirmBody);
        const receivedAmount = body.result === "PARTLY" && body.receivedAmount != null ? toMinor(body.receivedAmount) : undefined;
        return confirmWithdrawal(
          deps.db,
          merchantOf(c),
          memberOf(c),
          {
            requestId: body.requestId,
            withdrawalId: body.withdrawalId,
            result: body.result,
            receivedAmount,
            proofImages: body.proofImages ?? undefined,
          },
          deps.now(),
        );
      },
    },

    // ------------------------------------------------------------------ transfer to upline
    MCSFE_getUplineInfo: {
      token: true,
      module: "FUNDTRANS3",
      methods: ["GET"],
      handle: async (c) => {
        const upline = await findUpline(deps.db, merchantOf(c).code, memberOf(c).memberId);
        return {
          hasUpline: upline !== null,
          uplineName: upline ? maskName(upline.username) : null,
          passwordRequired: passwordRequired(c),
          hasPaymentPassword: await hasPaymentPassword(deps.db, memberOf(c).memberId),
        };
      },
    },
    MCSFE_transferToUpline: {
      token: true,
      module: "FUNDTRANS3",
      methods: ["POST"],
      handle: async (c) => {
        const member = memberOf(c);
        refuseTrial(member);
        const body = await readJson(c, uplineBody);
        const amount = toMinor(body.amount);
        if (passwordRequired(c))
          await checkPaymentPassword(deps.db, merchantOf(c).code, member.memberId, body.password ?? "", c.get("ip"), deps.now());
        return transferToUpline(deps.db, merchantOf(c), member, { requestId: body.requestId, amount }, deps.now());
      },
    },
  };
}
