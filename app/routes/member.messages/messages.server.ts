import { timeFormatter } from "~/i18n/format.server";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { sessionExpiredRedirect } from "~/context.server";
import { SessionExpiredError } from "~/gateway/index.server";
import { safeRedirect } from "~/domain/paths";
import { sanitizeRichHtml } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction } from "~/money/action.server";
import { redirectWithNotice } from "~/session.server";

// Platform information (messageV2): the inbox, newest first, paged; unread ones marked, read one
// by one or all at once (a form each, so it works without JavaScript).
export const INBOX_PAGE_SIZE = 10;

export async function messagesLoader(request: Request) {
  const ctx = await requireMemberPage(request, "messageV2");
  const page = Math.min(1000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "", 10) || 1));
  const inbox = await ctx.gateway.cashier.inbox(page, INBOX_PAGE_SIZE).catch(readFailed(request));
  const format = timeFormatter(ctx.language);
  return {
    page,
    totalPages: inbox.totalPages,
    total: inbox.total,
    messages: inbox.list.map((m) => ({
      id: m.id,
      title: m.title ?? "",
      // Platform HTML passes the allow-list before it is shown (docs/DESIGN.md).
      html: sanitizeRichHtml(m.content ?? ""),
      time: format(m.time),
      read: m.read === true,
    })),
    meta: await pageMeta(request, "member.messages"),
  };
}

const readForm = z.object({ id: z.union([z.literal("all"), z.string().regex(/^[\w-]{1,40}$/)]) });

export async function messagesAction(request: Request) {
  const { ctx, formData } = await moneyAction(request, "messageV2");
  const back = safeRedirect(formData.get("redirectTo"), "/member/messages");
  const parsed = readForm.safeParse({ id: formData.get("id") });
  const read = parsed.success
    ? await ctx.gateway.cashier.readMessage(parsed.data.id).then(
        () => null,
        (error: unknown) => error,
      )
    : "bad id";
  if (read instanceof SessionExpiredError) throw await sessionExpiredRedirect(request, read);
  if (read === null) return redirect(back);
  return redirectWithNotice(ctx.session, back, "member.inbox.readFailed", "error");
}
