import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGateway } from "~/gateway/index.server";
import { publicOrigin } from "~/public-url.server";
import { loader as registerCentre } from "~/routes/agent.register-center/route";
import { loader as team } from "~/routes/agent.team/route";
import { loader as referral } from "~/routes/member.referral/route";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { sessionCookie } from "./session-cookie";

// Issue 25, item 7: links a player hands on (affiliate and referral links and their QR codes) come
// from PUBLIC_URL, never from the Host a request names; a team page of a parent outside the
// agent's team is a 404, not an outage.

vi.hoisted(() => {
  process.env.PUBLIC_URL = "https://www.winbazaar.example";
});

const UA = "vitest links";
const gateway = () => createGateway({ merchant: "demo", language: "EN", userAgent: UA });
let agentCookie = "";
let memberCookie = "";

beforeAll(async () => {
  await getEmbeddedPlatform();
  const agent = await gateway().session.login({ username: "demo_agent", password: "Demo@1234", type: "username" });
  agentCookie = await sessionCookie({ token: agent.token, accountType: 1, userName: "demo_agent" });
  const member = await gateway().session.login({ username: "demo_member", password: "Demo@1234", type: "username" });
  memberCookie = await sessionCookie({ token: member.token, accountType: 0, userName: "demo_member" });
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

type Loader = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
const load = (loader: Loader, url: string, cookie: string) =>
  loader({ request: new Request(url, { headers: { Cookie: cookie, "User-Agent": UA, Host: "evil.example" } }), params: {}, context: {} });

describe("links to hand on", () => {
  it("the register centre's affiliate links and QR codes are on PUBLIC_URL, whatever Host the request names", async () => {
    const d = (await load(registerCentre as Loader, "http://evil.example/agent/register-center", agentCookie)) as {
      affiliate: Array<{ code: string; link: string; qr: string }>;
    };
    expect(d.affiliate.length).toBeGreaterThan(0);
    for (const a of d.affiliate) {
      expect(a.link).toBe(`https://www.winbazaar.example/register?affiliateCode=${encodeURIComponent(a.code)}`);
      expect(a.qr).toBe(await QRCode.toString(a.link, { type: "svg", margin: 2, width: 160, errorCorrectionLevel: "M" }));
      expect(a.link + a.qr).not.toContain("evil.example");
    }
  });

  it("a member's referral link and QR code are on PUBLIC_URL", async () => {
    const d = (await load(referral as Loader, "http://evil.example/member/referral", memberCookie)) as {
      code: string;
      link: string;
      qr: string;
    };
    expect(d.link.startsWith("https://www.winbazaar.example/")).toBe(true);
    if (d.code) expect(d.qr).toBe(await QRCode.toString(d.link, { type: "svg", margin: 2, width: 200, errorCorrectionLevel: "M" }));
    expect(d.link + d.qr).not.toContain("evil.example");
  });

  it("without PUBLIC_URL: the request's origin in development and on the demo, nothing on a production site", () => {
    const request = new Request("http://evil.example/agent/register-center");
    expect(
      publicOrigin(request, {
        PUBLIC_URL: "https://www.winbazaar.example",
        PLATFORM_URL: "https://platform.example",
        NODE_ENV: "production",
      }),
    ).toBe("https://www.winbazaar.example");
    expect(publicOrigin(request, { PUBLIC_URL: undefined, PLATFORM_URL: undefined, NODE_ENV: "production" })).toBe("http://evil.example");
    expect(publicOrigin(request, { PUBLIC_URL: undefined, PLATFORM_URL: "https://platform.example", NODE_ENV: "development" })).toBe(
      "http://evil.example",
    );
    expect(publicOrigin(request, { PUBLIC_URL: undefined, PLATFORM_URL: "https://platform.example", NODE_ENV: "production" })).toBeNull();
  });
});

describe("the agent's team page", () => {
  it("a parent outside the team (demo_vip, id 3) or no account at all is a 404, not a 503", async () => {
    for (const parent of ["999999999", "3"]) {
      const thrown = await load(team as Loader, `http://localhost/agent/team?parent=${parent}`, agentCookie).then(
        () => "answered",
        (t: unknown) => t,
      );
      expect(thrown, `parent=${parent}`).toBeInstanceOf(Response);
      expect((thrown as Response).status, `parent=${parent}`).toBe(404);
    }
  });

  it("a parent in the team still opens its level", async () => {
    const top = (await load(team as Loader, "http://localhost/agent/team", agentCookie)) as {
      rows: Array<{ id: string; hasTeam: boolean }>;
    };
    const withTeam = top.rows.find((r) => r.hasTeam);
    expect(withTeam).toBeDefined();
    const below = (await load(team as Loader, `http://localhost/agent/team?parent=${withTeam!.id}`, agentCookie)) as {
      breadcrumb: Array<{ id: string }>;
    };
    expect(below.breadcrumb.at(-1)?.id).toBe(withTeam!.id);
  });
});
