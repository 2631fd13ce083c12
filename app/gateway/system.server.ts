import { z } from "zod";
import { flattenModules, type ModuleNode } from "~/domain/modules";
import { call, type GatewayContext } from "./client.server";
import { decryptServicePath } from "./crypto.server";
import { log } from "~/request-scope.server";

const moduleNode: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.union([z.string(), z.boolean(), z.number()]).nullish(),
    childrenNodes: z.array(moduleNode).nullish(),
  }),
);
const moduleTree = z.union([z.array(moduleNode), moduleNode]);

const resourceSchema = z
  .object({
    resourceType: z.string(),
    url: z.string().nullish(),
    qrCodeUrl: z.string().nullish(),
    label: z.string().nullish(),
  })
  .passthrough();

const statusSchema = z
  .object({
    status: z.coerce.number().int().nullish(),
    maintenance: z.boolean().nullish(),
    regionRestriction: z.boolean().nullish(),
    location: z.object({ ip: z.string().nullish(), country: z.string().nullish() }).passthrough().nullish(),
    info: z
      .object({
        whitelabel: moduleTree.nullish(),
        resources: z.union([z.array(resourceSchema), z.record(resourceSchema)]).nullish(),
        customerService: z.array(z.object({ csType: z.string(), path: z.string() }).passthrough()).nullish(),
        languages: z.array(z.string()).nullish(),
        defaultLanguage: z.string().nullish(),
        settings: z
          .object({
            loginedToHomePage: z.boolean().nullish(),
            minimumAge: z.coerce.number().int().min(0).max(99).nullish(),
            termsUrl: z.string().nullish(),
          })
          .passthrough()
          .nullish(),
        imageCDNs: z.array(z.string()).nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

export type SiteMode = "normal" | "maintenance" | "restricted";
export type Resource = { resourceType: string; url: string; qrCodeUrl?: string; label?: string };
export type CustomerServiceLink = { csType: string; url: string };

export type SiteStatus = {
  mode: SiteMode;
  location: { ip: string; country: string };
  modules: Record<string, boolean>;
  resources: Resource[];
  customerService: CustomerServiceLink[];
  /** Lower-case language codes enabled by the whitelabel, in its order. */
  languages: string[];
  defaultLanguage?: string;
  loginedToHomePage: boolean;
  /** Registration needs this age (docs/SPEC.md point 9: 18, configurable). */
  minimumAge: number;
  termsUrl?: string;
  imageCDNs: string[];
};

function modeOf(v: z.infer<typeof statusSchema>): SiteMode {
  // The spec's numeric status and the contract's booleans: either reading works.
  if (v.status === 1 || v.maintenance) return "maintenance";
  if (v.status === 2 || v.regionRestriction) return "restricted";
  return "normal";
}

function decryptLinks(entries: { csType: string; path: string }[]): CustomerServiceLink[] {
  const links: CustomerServiceLink[] = [];
  for (const entry of entries) {
    try {
      const url = decryptServicePath(entry.path);
      if (/^https?:\/\//i.test(url)) links.push({ csType: entry.csType.toUpperCase(), url });
    } catch {
      log().warn({ component: "gateway", csType: entry.csType }, "customer-service path did not decrypt");
    }
  }
  return links;
}

export function normalizeStatus(v: z.infer<typeof statusSchema>): SiteStatus {
  const info = v.info ?? {};
  const rawResources = info.resources ?? [];
  const resources = (Array.isArray(rawResources) ? rawResources : Object.values(rawResources))
    .filter((r) => r.url)
    .map((r) => ({
      resourceType: r.resourceType.toUpperCase(),
      url: r.url ?? "",
      qrCodeUrl: r.qrCodeUrl ?? undefined,
      label: r.label ?? undefined,
    }));
  return {
    mode: modeOf(v),
    location: { ip: v.location?.ip || "unknown", country: v.location?.country || "unknown" },
    modules: info.whitelabel ? flattenModules(info.whitelabel) : {},
    resources,
    customerService: decryptLinks(info.customerService ?? []),
    languages: (info.languages ?? []).map((l) => l.toLowerCase()),
    defaultLanguage: info.defaultLanguage?.toLowerCase(),
    loginedToHomePage: info.settings?.loginedToHomePage === true,
    minimumAge: info.settings?.minimumAge ?? 18,
    termsUrl: info.settings?.termsUrl && /^(https:\/\/|\/)/.test(info.settings.termsUrl) ? info.settings.termsUrl : undefined,
    imageCDNs: info.imageCDNs ?? [],
  };
}

export function systemApi(ctx: GatewayContext) {
  return {
    /** Boot call: mode, location, module tree and site resources. Cached per merchant, language and visitor IP. */
    async status(options: { fresh?: boolean } = {}): Promise<SiteStatus> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/system/status",
        auth: "none",
        cache: !options.fresh,
        schema: statusSchema,
        cacheVary: ctx.clientIp ?? "",
      });
      return normalizeStatus(value);
    },
    async whitelabel(): Promise<Record<string, boolean>> {
      const tree = await call(ctx, { method: "GET", path: "/wps/system/whitelabel", auth: "none", cache: true, schema: moduleTree });
      return flattenModules(tree);
    },
  };
}
