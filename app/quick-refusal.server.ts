import { fixedT } from "~/i18n/t.server";
import { directionOf } from "~/i18n/config";
import { guessLanguage } from "~/i18n/language.server";
import { addressRefusedFor, type LimitedForm } from "~/limits.server";
import { message, readMessage } from "~/domain/messages";
import { fillRange } from "~/domain/patterns";

// A public form posted again from an address this instance has just refused for it (decision
// 036): answered 429 by the server at once, with a small page in the player's language, before
// its body is read, its page rendered or the platform asked. A refused flood then costs next to
// nothing, and other players' pages keep their speed. Posts made by the app's scripts (.data)
// get the form's own answer from its action as before.

const FORM_PATHS: Readonly<Record<string, LimitedForm>> = {
  "/login": "login",
  "/register": "register",
  "/forgot-password": "forgot",
  "/free-play": "freePlay",
  "/feedback": "feedback",
};

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export async function quickRefusal(input: { method: string; url: string; headers: Headers; clientIp?: string }): Promise<{ retryAfter: number; html: string } | null> {
  if (input.method !== "POST") return null;
  const url = new URL(input.url);
  const form = FORM_PATHS[url.pathname];
  if (!form) return null;
  const retryAfter = addressRefusedFor(form, input.clientIp);
  if (retryAfter <= 0) return null;
  const lng = await guessLanguage(new Request(url, { headers: input.headers }));
  const t = fixedT(lng);
  const { key, min, max } = readMessage(message("auth:rateLimited", Math.max(1, Math.ceil(retryAfter / 60))));
  const text = fillRange(t(key), min, max);
  const html =
    `<!DOCTYPE html><html lang="${lng}" dir="${directionOf(lng)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(text)}</title></head><body><main><p role="alert">${escape(text)}</p><p><a href="${escape(url.pathname)}">${escape(t("common:games.backToLobby"))}</a></p></main></body></html>`;
  return { retryAfter, html };
}
