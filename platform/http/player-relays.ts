import type { Hono } from "hono";
import { z } from "zod";
import {
  avatarChoices,
  bindEmail,
  bindMobile,
  type BindContext,
  sendBindEmailCode,
  sendBindMobileCode,
  securityInfo,
  setAvatar,
  STATIC_AVATARS,
  updateNickname,
  uploadedAvatar,
} from "../services/profile";
import { limitBody, responsibleGaming, selfExclude, selfExcludeBody, setLimit, setRealityCheck } from "../services/responsible-gaming";
import { readJson } from "./accounts";
import type { PlatformContext, PlatformDeps, PlatformEnv } from "./context";
import type { Relay } from "./game-relays";

// Responsible gaming and the security centre (decision 018). Bodies are read as loose objects and
// every field is checked by the services, so a wrong value is a business failure with its own
// code; only a body that is not a JSON object is 400 parameter.invalid.

const RG = "RESPGAMING3";
const AVATAR = "PROFPIC3";

const loose = z.object({}).passthrough();
type Loose = Record<string, unknown>;

export function playerRelays(deps: PlatformDeps): Record<string, Relay> {
  const member = (c: PlatformContext) => c.get("member");
  const body = async (c: PlatformContext): Promise<Loose> => (await readJson(c, loose)) as Loose;
  const bind = (c: PlatformContext): BindContext => ({
    db: deps.db,
    merchant: c.get("merchant").code,
    member: member(c),
    ip: c.get("ip"),
    now: deps.now(),
    lang: c.get("lang"),
  });
  return {
    MCSFE_getResponsibleGaming: {
      token: true,
      module: RG,
      methods: ["GET"],
      handle: (c) => responsibleGaming(deps.db, member(c), deps.now()),
    },
    MCSFE_setResponsibleGamingLimit: {
      token: true,
      module: RG,
      methods: ["POST"],
      handle: async (c) => setLimit(deps.db, member(c), limitBody.parse(await body(c)), deps.now()),
    },
    MCSFE_setRealityCheck: {
      token: true,
      module: RG,
      methods: ["POST"],
      handle: async (c) => setRealityCheck(deps.db, member(c), (await body(c)).minutes, deps.now()),
    },
    MCSFE_selfExclude: {
      token: true,
      module: RG,
      methods: ["POST"],
      handle: async (c) => selfExclude(deps.db, member(c), selfExcludeBody.parse(await body(c)), deps.now()),
    },
    MCSFE_getSecurityInfo: { token: true, methods: ["GET"], handle: (c) => securityInfo(deps.db, member(c).memberId) },
    MCSFE_updateNickname: {
      token: true,
      methods: ["POST"],
      handle: async (c) => updateNickname(deps.db, member(c), (await body(c)).nickname),
    },
    MCSFE_getPlayerAvatar: { token: true, module: AVATAR, methods: ["GET"], handle: (c) => avatarChoices(deps.db, member(c).memberId) },
    MCSFE_setPlayerAvatar: {
      token: true,
      module: AVATAR,
      methods: ["POST"],
      handle: async (c) => setAvatar(deps.db, member(c), await body(c), deps.now()),
    },
    MCSFE_sendBindEmailCode: { token: true, methods: ["POST"], handle: async (c) => sendBindEmailCode(bind(c), (await body(c)).email) },
    MCSFE_bindEmail: {
      token: true,
      methods: ["POST"],
      handle: async (c) => {
        const b = await body(c);
        return bindEmail(bind(c), b.email, b.code);
      },
    },
    MCSFE_sendBindMobileCode: {
      token: true,
      methods: ["POST"],
      handle: async (c) => {
        const b = await body(c);
        return sendBindMobileCode(bind(c), b.mobileNum ?? b.mobileNo, b.countryDialingCode);
      },
    },
    MCSFE_bindMobile: {
      token: true,
      methods: ["POST"],
      handle: async (c) => {
        const b = await body(c);
        return bindMobile(bind(c), b.mobileNum ?? b.mobileNo, b.countryDialingCode, b.code ?? b.verificationCode);
      },
    },
  };
}

// ---------------------------------------------------------------- avatar images

const FACES = [
  { hue: 200, eyes: "round", mouth: "smile" },
  { hue: 340, eyes: "round", mouth: "open" },
  { hue: 140, eyes: "wink", mouth: "smile" },
  { hue: 30, eyes: "round", mouth: "flat" },
  { hue: 270, eyes: "glasses", mouth: "smile" },
  { hue: 0, eyes: "wink", mouth: "open" },
  { hue: 170, eyes: "glasses", mouth: "flat" },
  { hue: 50, eyes: "round", mouth: "grin" },
] as const;

/** One of the eight drawn avatars: a coloured disc with a simple face. */
export function avatarSvg(n: number): string {
  const face = FACES[(n - 1) % FACES.length]!;
  const eyes =
    face.eyes === "glasses"
      ? `<g fill="none" stroke="#222" stroke-width="4"><circle cx="46" cy="54" r="10"/><circle cx="82" cy="54" r="10"/><path d="M56 54h16"/></g><circle cx="46" cy="54" r="4" fill="#222"/><circle cx="82" cy="54" r="4" fill="#222"/>`
      : face.eyes === "wink"
        ? `<circle cx="46" cy="54" r="6" fill="#222"/><path d="M74 54h16" stroke="#222" stroke-width="5" stroke-linecap="round"/>`
        : `<circle cx="46" cy="54" r="6" fill="#222"/><circle cx="82" cy="54" r="6" fill="#222"/>`;
  const mouth =
    face.mouth === "open"
      ? `<ellipse cx="64" cy="84" rx="10" ry="8" fill="#222"/>`
      : face.mouth === "flat"
        ? `<path d="M50 84h28" stroke="#222" stroke-width="5" stroke-linecap="round"/>`
        : face.mouth === "grin"
          ? `<path d="M44 78q20 22 40 0z" fill="#222"/>`
          : `<path d="M46 78q18 16 36 0" fill="none" stroke="#222" stroke-width="5" stroke-linecap="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="Avatar ${n}">
<circle cx="64" cy="64" r="64" fill="hsl(${face.hue},65%,45%)"/>
<circle cx="64" cy="66" r="44" fill="hsl(${(face.hue + 30) % 360},80%,85%)"/>
${eyes}${mouth}
</svg>`;
}

const IMAGE_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

/** /media/avatar/<n>.svg and /media/avatar/custom/<id>.<png|jpg>; registered before the other media. */
export function registerPlayerMedia(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/media/avatar/custom/:file", async (c) => {
    const match = /^([0-9a-f]{32})\.(png|jpg)$/.exec(c.req.param("file"));
    const found = match ? await uploadedAvatar(deps.db, match[1]!, match[2]!) : null;
    if (!found) return c.text("Not found", 404);
    return c.body(new Uint8Array(found.data), 200, {
      ...IMAGE_HEADERS,
      "Content-Type": found.mime,
      "Cache-Control": "public, max-age=86400",
    });
  });
  app.get("/media/avatar/:file", (c) => {
    const match = /^([1-8])\.svg$/.exec(c.req.param("file"));
    if (!match || !(STATIC_AVATARS as readonly string[]).includes(match[1]!)) return c.text("Not found", 404);
    return c.body(avatarSvg(Number(match[1])), 200, {
      ...IMAGE_HEADERS,
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=2592000",
    });
  });
}
