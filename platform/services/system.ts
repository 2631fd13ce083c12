import { encryptCustomerServicePath } from "../crypto";
import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { type Merchant, settingBoolean, settingString } from "./merchants";
import { registerFields, registerSettingsInfo } from "./register-settings";

export interface ModuleNode {
  modId: string;
  enabled: "1" | "0";
  childrenNodes: ModuleNode[];
}

/** The whitelabel module tree, built from (mod_id, parent) rows in their sort order. */
export async function moduleTree(sql: Sql, merchant: string): Promise<ModuleNode[]> {
  const rows = await sql.query<{ mod_id: string; parent: string | null; enabled: boolean }>(
    "SELECT mod_id, parent, enabled FROM modules WHERE merchant = $1 ORDER BY sort, mod_id",
    [merchant],
  );
  const nodes = new Map<string, ModuleNode>();
  for (const row of rows) nodes.set(row.mod_id, { modId: row.mod_id, enabled: row.enabled ? "1" : "0", childrenNodes: [] });
  const roots: ModuleNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.mod_id)!;
    const parent = row.parent ? nodes.get(row.parent) : undefined;
    (parent ? parent.childrenNodes : roots).push(node);
  }
  return roots;
}

/** Country of an IP from the seeded prefix table; loopback is the local network. */
export async function countryOf(sql: Sql, ip: string): Promise<string> {
  const address = ip.replace(/^::ffff:/i, "");
  if (address === "::1" || address.startsWith("127.")) return "Local network";
  const [row] = await sql.query<{ country: string }>(
    `SELECT country FROM ip_country_prefixes
      WHERE left($1, length(prefix)) = prefix ORDER BY length(prefix) DESC LIMIT 1`,
    [address],
  );
  return row?.country ?? "Unknown";
}

const STATUS_CODE = { normal: 0, maintenance: 1, restricted: 2 } as const;

interface ResourceSetting {
  resourceType: string;
  url: string;
  qrCodeUrl?: string;
  label?: Localized | string;
}

interface CustomerServiceSetting {
  csType: string;
  url: string;
}

function listSetting<T>(merchant: Merchant, key: string, isItem: (value: unknown) => value is T): T[] {
  const value = merchant.settings[key];
  return Array.isArray(value) ? value.filter(isItem) : [];
}

const isResource = (v: unknown): v is ResourceSetting =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ResourceSetting).resourceType === "string" &&
  typeof (v as ResourceSetting).url === "string";
const isCustomerService = (v: unknown): v is CustomerServiceSetting =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as CustomerServiceSetting).csType === "string" &&
  typeof (v as CustomerServiceSetting).url === "string";

function stringList(merchant: Merchant, key: string, fallback: string[]): string[] {
  const value = merchant.settings[key];
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : fallback;
}

/** GET /wps/system/status and /wps/v2/system/status (contract §1.6). */
export async function systemStatus(sql: Sql, merchant: Merchant, lang: Language, ip: string, modules: Set<string>) {
  const status = STATUS_CODE[merchant.status];
  return {
    status,
    maintenance: status === 1,
    regionRestriction: status === 2,
    location: { ip, country: await countryOf(sql, ip) },
    info: {
      whitelabel: await moduleTree(sql, merchant.code),
      register: await registerFields(sql, merchant.code, modules),
      domainRoute: { domainList: [] },
      resources: listSetting(merchant, "resources", isResource).map((r) => ({
        resourceType: r.resourceType,
        url: r.url,
        qrCodeUrl: r.qrCodeUrl ?? "",
        label: typeof r.label === "string" ? r.label : pick(r.label, lang),
      })),
      customerService: listSetting(merchant, "customerService", isCustomerService).map((cs) => ({
        csType: cs.csType,
        path: encryptCustomerServicePath(cs.url),
      })),
      mainDomain: settingString(merchant, "mainDomain", ""),
      analytics: { gtagId: settingString(merchant, "gtagId", "") },
      imageCDNs: stringList(merchant, "imageCDNs", []),
      launchGameCDNs: stringList(merchant, "launchGameCDNs", []),
      languages: stringList(merchant, "languages", ["EN", "BN"]),
      defaultLanguage: settingString(merchant, "defaultLanguage", "EN"),
      settings: { loginedToHomePage: settingBoolean(merchant, "loginedToHomePage", false), ...registerSettingsInfo(merchant) },
    },
  };
}

interface ServiceLinkSetting {
  type: number;
  url: string;
}

const isServiceLink = (v: unknown): v is ServiceLinkSetting =>
  typeof v === "object" &&
  v !== null &&
  Number.isInteger((v as ServiceLinkSetting).type) &&
  typeof (v as ServiceLinkSetting).url === "string";

/**
 * GET /wps/system/serviceLink (decision 027 §4): the merchant setting serviceLinks, each path
 * DES-encrypted as customerService's. Type 1 VIP service, 2 the social channel, 3 the live chat.
 */
export function serviceLink(merchant: Merchant) {
  return {
    version: {
      pathList: listSetting(merchant, "serviceLinks", isServiceLink).map((link) => ({
        type: link.type,
        path: encryptCustomerServicePath(link.url),
      })),
    },
  };
}
