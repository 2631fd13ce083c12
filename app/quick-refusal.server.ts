import { message, readMessage } from "~/domain/messages";
import { fillRange } from "~/domain/patterns";
import { directionOf, fallbackLanguage, isKnownLanguage, type Language } from "~/i18n/config";
import { fixedT } from "~/i18n/t.server";
import { escapeHtml } from "~/html.server";
import { addressRefusedFor, type LimitedForm } from "~/limits.server";

// A public form posted again from an address this instance has just refused for it (decision
// 036): answered 429 by the server's raw handler at once, with a small page in the player's
// language, before Express, before its body is read, its page rendered or the platform asked. A
// refused flood then costs next to nothing, and other players' pages keep their speed. Posts made
// by the app's scripts (.data) get the form's own answer from its action as before.

const FORM_PATHS: Readonly<Record<string, LimitedForm>> = {
  "/login": "login",
  "/register": "register",
  "/forgot-password": "forgot",
  "/free-play": "freePlay",
  "/feedback": "feedback",
};

/**
 * The language the refusal is written in, without the detector's promises: the `lng` cookie (as
 * Remix writes it, base64 JSON), else the first language of Accept-Language we have, else English.
 */
export function refusalLanguage(cookie: string, acceptLanguage: string): Language {
  const raw = /(?:^|;\s*)lng=([^;]*)/.exec(cookie)?.[1];
  if (raw) {
    try {
      const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
      if (isKnownLanguage(value)) return value;
    } catch {
      // not ours: Accept-Language decides
    }
  }
  for (const part of acceptLanguage.split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase().split("-")[0]!;
    const lng = tag === "zh" ? "cn" : tag;
    if (isKnownLanguage(lng)) return lng;
  }
  return fallbackLanguage;
}

export function quickRefusal(input: {
  method: string;
  url: string;
  cookie: string;
  acceptLanguage: string;
  clientIp?: string;
}): { retryAfter: number; html: string } | null {
  if (input.method !== "POST") return null;
  const path = input.url.split("?")[0]!;
  const form = FORM_PATHS[path];
  if (!form) return null;
  const retryAfter = addressRefusedFor(form, input.clientIp);
  if (retryAfter <= 0) return null;
  const lng = refusalLanguage(input.cookie, input.acceptLanguage);
  const t = fixedT(lng);
  const { key, min, max } = readMessage(message("auth:rateLimited", Math.max(1, Math.ceil(retryAfter / 60))));
  const text = fillRange(t(key), min, max);
  const html =
    `<!DOCTYPE html><html lang="${lng}" dir="${directionOf(lng)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(text)}</title></head><body><main><p role="alert">${escapeHtml(text)}</p><p><a href="${escapeHtml(path)}">${escapeHtml(t("common:games.backToLobby"))}</a></p></main></body></html>`;
  return { retryAfter, html };
}
