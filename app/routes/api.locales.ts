import type { LoaderFunctionArgs } from "@remix-run/node";
import { isKnownLanguage, namespaces } from "~/i18n/config";
import { resourcesVersion } from "~/i18n/resources.server";
import { dictionariesOf } from "~/i18n/t.server";

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng") ?? "";
  const ns = url.searchParams.get("ns") ?? "";
  if (!isKnownLanguage(lng) || !(namespaces as readonly string[]).includes(ns)) {
    return Response.json({ error: "unknown language or namespace" }, { status: 404 });
  }
  // English fills what another language lacks, key by key, as on the server.
  const body = dictionariesOf(lng)[ns] ?? {};
  const versioned = url.searchParams.get("v") === resourcesVersion;
  return Response.json(body, {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
