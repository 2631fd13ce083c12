import { z } from "zod";
import type { VendorLane } from "~/domain/navigation";
import { call, type GatewayContext } from "./client.server";

const classify = z
  .union([z.string(), z.array(z.union([z.string(), z.object({}).passthrough()]))])
  .nullish()
  .transform((v): string[] => {
    if (!v) return [];
    if (typeof v === "string") return v.split(",").map((s) => s.trim()).filter(Boolean);
    return v.map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
  });

const card = z
  .object({
    vassalage: z.string(),
    displayName: z.string().nullish(),
    isHot: z.coerce.number().nullish(),
    smallIcon: z.string().nullish(),
    h5Icon: z.string().nullish(),
    gameClassify: classify,
  })
  .passthrough();

const vendors = z.object({
  data: z.object({
    lanes: z.array(
      z
        .object({ title: z.string(), gameClassify: classify, cards: z.array(card).nullish() })
        .passthrough(),
    ),
  }),
});

export function gamesApi(ctx: GatewayContext) {
  return {
    /** Vendors per game type (the lanes that feed navigation). */
    async vendorLanes(): Promise<VendorLane[]> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/GCSGAME_newGameVendor",
        query: { platform: "html5", merchantCode: ctx.merchant },
        auth: "none",
        cache: true,
        schema: vendors,
      });
      return value.data.lanes.map((lane) => ({
        gameType: lane.title.toUpperCase(),
        classify: lane.gameClassify,
        vendors: (lane.cards ?? []).map((c) => ({
          vassalage: c.vassalage,
          displayName: c.displayName || c.vassalage,
          isHot: c.isHot === 1,
          icon: c.h5Icon || c.smallIcon || undefined,
          classify: c.gameClassify,
        })),
      }));
    },
  };
}
