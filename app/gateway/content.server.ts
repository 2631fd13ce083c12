import { z } from "zod";
import { call, callOnce, type GatewayContext } from "./client.server";
import { pageOf, rowsOf, time } from "./wire.server";

// Platforms send some of these as numbers, some as strings: accept both, keep text.
const text = z.union([z.string(), z.number()]).transform(String).nullish();

const banner = z
  .object({
    bannerId: z.union([z.string(), z.number()]).nullish(),
    groupName: text,
    url: z.string(),
    title: text,
    linkageType: text,
    redirect: text,
    externalLink: text,
  })
  .passthrough();

const marquee = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    title: text,
    content: text,
    externalLink: text,
    time,
  })
  .passthrough();

const popup = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    title: text,
    content: text,
    time,
  })
  .passthrough();

const announcements = z
  .object({
    // A row we cannot read is left out, not the other announcements (decision 038).
    banners: rowsOf(banner),
    player: rowsOf(marquee),
    popup: rowsOf(popup),
    promotion: rowsOf(z.object({}).passthrough()),
  })
  .passthrough();

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => v === undefined || v === null || v === true || v === 1 || v === "1" || v === "true");
const helpArticle = z
  .object({ id: z.union([z.string(), z.number()]).transform(String), title: text, content: text, tag: text, display: flag })
  .passthrough();
const helpCategory = helpArticle.extend({ bgColor: text, children: rowsOf(helpArticle) });
export type HelpCategory = z.infer<typeof helpCategory>;

const sitePage = z.object({ key: z.string(), title: text, content: text, updatedAt: time }).passthrough();
export type SitePage = z.infer<typeof sitePage>;

const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish()
  .transform((v) => v ?? 0);
const feedback = z
  .object({
    feedbackId: z.union([z.string(), z.number()]).transform(String),
    questionType: text,
    content: text,
    images: rowsOf(z.string()),
    status: text,
    time,
    replies: rowsOf(z.object({ content: text, time }).passthrough()),
  })
  .passthrough();
export type Feedback = z.infer<typeof feedback>;

const programme = z
  .object({
    tiers: rowsOf(z.object({ level: num, activeMembers: num, netProfit: num, rate: num }).passthrough()),
    settlement: text,
    description: text,
  })
  .passthrough();
export type AffiliateProgramme = z.infer<typeof programme>;

export type Banner = z.infer<typeof banner>;
export type Announcements = z.infer<typeof announcements>;

export function contentApi(ctx: GatewayContext) {
  return {
    announcements(): Promise<Announcements> {
      return call(ctx, {
        method: "GET",
        path: "/wps/relay/MCSFE_getListAnnouncements",
        query: { types: "B,PL,PU,PR", platform: "W", execution: "B" },
        auth: "none",
        cache: true,
        schema: announcements,
      });
    },
    /** GET /wps/system/helpCenter (contract §3.2): categories with their articles, in the Language header's language. */
    helpCenter(device: "WEB" | "MOBILE"): Promise<HelpCategory[]> {
      return call(ctx, {
        method: "GET",
        path: "/wps/system/helpCenter",
        query: { lang: ctx.language, device },
        auth: "none",
        cache: true,
        // A bare list (H), or the list under a wrapper.
        schema: rowsOf(helpCategory).transform((v) => v.filter((c) => c.display)),
      });
    },
    /** PUT /wps/feedback (FEEDBACK3): a member's (with its token) or a visitor's feedback. */
    sendFeedback(body: { requestId: string; questionType: string; content: string; images?: string[] }) {
      return callOnce(ctx, {
        method: "PUT",
        path: "/wps/feedback",
        body,
        auth: "optional",
        moduleId: "FEEDBACK3",
        schema: z.object({ feedbackId: z.union([z.string(), z.number()]).transform(String) }).passthrough(),
      });
    },
    /** The member's feedback with the operator's replies (decision 026). */
    feedbackList(pageNo: number, pageSize: number) {
      return call(ctx, {
        method: "GET",
        path: "/wps/relay/MCSFE_getFeedbackList",
        query: { pageNo, pageSize },
        auth: "required",
        moduleId: "FEEDBACK3",
        schema: pageOf(feedback, z.unknown()).transform((v) => ({ list: v.list, totalPages: v.totalPages })),
      });
    },
    /** The affiliate programme (GET /wps/agent/affiliate without a code, decision 026). */
    affiliateProgramme(): Promise<AffiliateProgramme> {
      return call(ctx, { method: "GET", path: "/wps/agent/affiliate", auth: "none", cache: true, schema: programme });
    },
    /** The operator's site pages (decision 026): one by key. */
    sitePage(key: string): Promise<SitePage> {
      return call(ctx, { method: "GET", path: "/wps/system/pages", query: { key }, auth: "none", cache: true, schema: sitePage });
    },
  };
}
