import { z } from "zod";
import { call, type GatewayContext } from "./client.server";

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
  };
}
