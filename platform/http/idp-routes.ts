import type { Env, Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/db";
import {
  clientMatches, exchangeCode, findIdentity, isSocialProvider, issueCode, type SocialProvider, TEST_CLIENTS, TEST_IDENTITIES, userInfo,
  validRedirectUri,
} from "../services/test-idp";

// GET/POST /idp/<provider>/authorize, POST /idp/<provider>/token, GET /idp/<provider>/userinfo:
// the TEST identity provider of decision 013, served by the platform app and, for the browser,
// by the operator listener on 127.0.0.1. No JavaScript: one form, one button per test identity.

export interface IdpDeps {
  db: Db;
  now: () => Date;
}

const authorizeQuery = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  state: z.string().max(500).default(""),
  response_type: z.literal("code"),
  scope: z.string().max(500).default(""),
});
const approval = authorizeQuery.extend({ identity: z.string().max(100).optional(), cancel: z.string().optional() });
const tokenBody = z.object({
  grant_type: z.string(),
  code: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;background:#f6f6f6}
.warn{background:#fff3cd;border:1px solid #e0b400;padding:.5rem .75rem;border-radius:.5rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #888;background:#fff;cursor:pointer;text-align:left}</style>
</head><body>${body}</body></html>`;
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url.toString();
}

/** Basic client authentication (RFC 6749 §2.3.1), else the body's client_id and client_secret. */
function clientCredentials(header: string | undefined, body: z.infer<typeof tokenBody>) {
  const basic = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (basic?.[1]) {
    const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    return { id: decodeURIComponent(id ?? ""), secret: decodeURIComponent(secret ?? "") };
  }
  return { id: body.client_id ?? "", secret: body.client_secret ?? "" };
}

/** Mounted on the platform app and on the operator app alike. */
export function registerIdpRoutes<E extends Env>(app: Hono<E>, deps: IdpDeps): void {
  const providerOf = (name: string): SocialProvider | null => (isSocialProvider(name) ? name : null);
  const invalid = (message: string) => page("Test identity provider", `<h1>Test identity provider</h1><p class="warn">${esc(message)}</p>`);

  app.get("/idp/:provider/authorize", (c) => {
    const provider = providerOf(c.req.param("provider"));
    const query = authorizeQuery.safeParse(c.req.query());
    if (!provider) return c.html(invalid("Unknown provider."), 404);
    if (!query.success) return c.html(invalid("Invalid authorization request."), 400);
    const q = query.data;
    if (!clientMatches(provider, q.client_id) || !validRedirectUri(q.redirect_uri)) return c.html(invalid("Unknown client or redirect URI."), 400);
    const hidden = Object.entries({ client_id: q.client_id, redirect_uri: q.redirect_uri, state: q.state, response_type: "code", scope: q.scope })
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`).join("");
    const buttons = TEST_IDENTITIES[provider]
      .map((i) => `<button type="submit" name="identity" value="${esc(i.sub)}">${esc(i.name)}<br><small>${esc(i.email)} · ${esc(i.sub)}</small></button>`)
      .join("");
    const label = provider === "google" ? "Google" : "Facebook";
    return c.html(page(`Test ${label} sign-in`, `<h1>Test ${label} sign-in</h1>
<p class="warn">TEST identity provider of the reference platform. This is not ${label}: no real account is used.</p>
<p>Continue to the site as:</p>
<form method="post" action="/idp/${provider}/authorize">${hidden}${buttons}
<button type="submit" name="cancel" value="1">Cancel</button></form>`));
  });

  app.post("/idp/:provider/authorize", async (c) => {
    const provider = providerOf(c.req.param("provider"));
    const form = approval.safeParse(Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === "string" ? v : ""])));
    if (!provider) return c.html(invalid("Unknown provider."), 404);
    if (!form.success) return c.html(invalid("Invalid authorization request."), 400);
    const f = form.data;
    if (!clientMatches(provider, f.client_id) || !validRedirectUri(f.redirect_uri)) return c.html(invalid("Unknown client or redirect URI."), 400);
    if (f.cancel) return c.redirect(withParams(f.redirect_uri, { error: "access_denied", state: f.state }), 302);
    const identity = f.identity ? findIdentity(provider, f.identity) : undefined;
    if (!identity) return c.html(invalid("Unknown test identity."), 400);
    const code = await issueCode(deps.db, { provider, clientId: f.client_id, redirectUri: f.redirect_uri, subject: identity.sub, now: deps.now() });
    return c.redirect(withParams(f.redirect_uri, { code, state: f.state }), 302);
  });

  app.post("/idp/:provider/token", async (c) => {
    const provider = providerOf(c.req.param("provider"));
    if (!provider) return c.json({ error: "invalid_request" }, 404);
    const type = c.req.header("Content-Type") ?? "";
    const raw: unknown = type.includes("application/json") ? await c.req.json().catch(() => null) : await c.req.parseBody().catch(() => null);
    const body = tokenBody.safeParse(raw);
    const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };
    if (!body.success) return c.json({ error: "invalid_request" }, 400, noStore);
    if (body.data.grant_type !== "authorization_code") return c.json({ error: "unsupported_grant_type" }, 400, noStore);
    const client = clientCredentials(c.req.header("Authorization"), body.data);
    if (!clientMatches(provider, client.id, client.secret)) return c.json({ error: "invalid_client" }, 401, noStore);
    const answer = await exchangeCode(deps.db, {
      provider, clientId: TEST_CLIENTS[provider].clientId, redirectUri: body.data.redirect_uri, code: body.data.code, now: deps.now(),
    });
    if (!answer.ok) return c.json({ error: answer.error }, 400, noStore);
    return c.json({ access_token: answer.accessToken, token_type: "Bearer", expires_in: answer.expiresIn }, 200, noStore);
  });

  app.get("/idp/:provider/userinfo", async (c) => {
    const provider = providerOf(c.req.param("provider"));
    const token = c.req.header("Authorization")?.match(/^Bearer\s+([\w.~+/=-]+)$/i)?.[1];
    const info = provider && token ? await userInfo(deps.db, provider, token, deps.now()) : null;
    if (!info) return c.json({ error: "invalid_token" }, 401, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
    return c.json(info, 200, { "Cache-Control": "no-store" });
  });
}
