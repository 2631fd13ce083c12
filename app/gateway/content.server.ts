import { z } from "zod";
import { call, callOnce, type GatewayContext } from "./client.server";

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
    time: z.number().nullish(),
  })
  .passthrough();

const popup = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    title: text,
    content: text,
    time: z.number().nullish(),
  })
  .passthrough();

const announcements = z
  .object({
    banners: z.array(banner).nullish(),
    player: z.array(marquee).nullish(),
    popup: z.array(popup).nullish(),
    promotion: z.array(z.object({}).passthrough()).nullish(),
  })
  .passthrough();

const flag = z.union([z.boolean(), z.number(), z.string()]).nullish().transform((v) => v === undefined || v === null || v === true || v === 1 || v === "1" || v === "true");
const helpArticle = z.object({ id: z.union([z.string(), z.number()]).transform(String), title: text, content: text, tag: text, display: flag }).passthrough();
const helpCategory = helpArticle.extend({ bgColor: text, children: z.array(helpArticle).nullish() });
export type HelpCategory = z.infer<typeof helpCategory>;

const sitePage = z.object({ key: z.string(), title: text, content: text, updatedAt: z.number().nullish() }).passthrough();
export type SitePage = z.infer<typeof sitePage>;

const feedback = z
  .object({
    feedbackId: z.union([z.string(), z.number()]).transform(String), questionType: text, content: text, images: z.array(z.string()).nullish(),
    status: text, time: z.number().nullish(), replies: z.array(z.object({ content: text, time: z.number().nullish() }).passthrough()).nullish(),
  })
  .passthrough();
export type Feedback = z.infer<typeof feedback>;

const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).nullish().transform((v) => v ?? 0);
const programme = z
  .object({
    tiers: z.array(z.object({ level: num, activeMembers: num, netProfit: num, rate: num }).passthrough()).nullish(),
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
        method: "GET", path: "/wps/system/helpCenter", query: { lang: ctx.language, device }, auth: "none", cache: true,
        schema: z.array(helpCategory).nullish().transform((v) => (v ?? []).filter((c) => c.display)),
      });
    },
    /** PUT /wps/feedback (FEEDBACK3): a member's (with its token) or a visitor's feedback. */
    sendFeedback(body: { requestId: string; questionType: string; content: string; images?: string[] }) {
      return callOnce(ctx, {
        method: "PUT", path: "/wps/feedback", body, auth: "optional", moduleId: "FEEDBACK3",
        schema: z.object({ feedbackId: z.union([z.string(), z.number()]).transform(String) }).passthrough(),
      });
    },
    /** The member's feedback with the operator's replies (decision 026). */
    feedbackList(pageNo: number, pageSize: number) {
      return call(ctx, {
        method: "GET", path: "/wps/relay/MCSFE_getFeedbackList", query: { pageNo, pageSize }, auth: "required", moduleId: "FEEDBACK3",
        schema: z
          .object({ list: z.array(feedback).nullish(), total: z.number().nullish(), totalPages: z.number().nullish() })
          .passthrough()
          .transform((v) => ({ list: v.list ?? [], totalPages: Math.max(1, v.totalPages ?? 1) })),
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
