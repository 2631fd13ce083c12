import type { LoaderFunctionArgs } from "@remix-run/node";
import { isKnownLanguage, namespaces } from "~/i18n/config";
import { resources, resourcesVersion } from "~/i18n/resources.server";

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng") ?? "";
  const ns = url.searchParams.get("ns") ?? "";
  if (!isKnownLanguage(lng) || !(namespaces as readonly string[]).includes(ns)) {
    return Response.json({ error: "unknown language or namespace" }, { status: 404 });
  }
  // English fills keys another language lacks, as i18next's fallback would.
  const body = { ...(resources.en?.[ns] ?? {}), ...(resources[lng]?.[ns] ?? {}) };
  const versioned = url.searchParams.get("v") === resourcesVersion;
  return Response.json(body, {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
