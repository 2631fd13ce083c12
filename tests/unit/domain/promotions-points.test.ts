import { describe, expect, it } from "vitest";
import { addressKind, convertSchema, redeemSchema } from "~/domain/points";
import { applySchema, PROMOTION_REMARK_MAX, PROMOTION_STATUSES, promotionAction } from "~/domain/promotions";
import { listenForServiceLinks, SERVICE_WINDOW } from "~/service/window.client";

// Decision 027's rules on the app side: what a promotion's status lets the player do, the
// application's remark bound, the point forms, and the customer-service window.

describe("the action a promotion's status allows", () => {
  it("sends a visitor to log in only where there is something to join", () => {
    expect(promotionAction({ status: "JOIN" }, false)).toBe("login");
    for (const status of PROMOTION_STATUSES.filter((s) => s !== "JOIN")) expect(promotionAction({ status }, false)).toBe("none");
  });

  it("lets a member join, apply (with the form) or claim, and nothing on the other statuses", () => {
    expect(promotionAction({ status: "JOIN", canJoin: true }, true)).toBe("join");
    expect(promotionAction({ status: "JOIN", canJoin: true, applyForm: true }, true)).toBe("apply");
    expect(promotionAction({ status: "CLAIM", canClaim: true }, true)).toBe("claim");
    expect(promotionAction({ status: "ISSUED" }, true)).toBe("claim");
    for (const status of ["APPLYING", "REJECTED", "CLAIMED", "PROCESS", "JOINED", "SIGNED", "CLOSED", "COMING_SOON"]) {
      expect(promotionAction({ status }, true), status).toBe("none");
    }
    // A platform that says "closed" wins over a stray canJoin.
    expect(promotionAction({ status: "CLOSED", canJoin: true }, true)).toBe("none");
  });

  it("takes a remark of 1 to 140 characters after trimming", () => {
    const requestId = "a".repeat(20);
    expect(applySchema.safeParse({ requestId, remark: "   " }).success).toBe(false);
    expect(applySchema.safeParse({ requestId, remark: "x".repeat(PROMOTION_REMARK_MAX) }).success).toBe(true);
    expect(applySchema.safeParse({ requestId, remark: ` ${"x".repeat(PROMOTION_REMARK_MAX)} ` }).success).toBe(true);
    const long = applySchema.safeParse({ requestId, remark: "x".repeat(PROMOTION_REMARK_MAX + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe("promotions.remarkTooLong");
  });
});

describe("the point forms", () => {
  const base = { requestId: "b".repeat(20), password: "pw-123456", mobile: "01712345678", receivingAddress: "zalo-778899" };
  it("asks for the withdraw password, a mobile number and a receiving address", () => {
    expect(redeemSchema.safeParse({ ...base, intent: "redeem", rewardId: "4" }).success).toBe(true);
    for (const missing of ["password", "mobile", "receivingAddress"] as const) {
      const { [missing]: _, ...rest } = base;
      expect(redeemSchema.safeParse({ ...rest, intent: "redeem", rewardId: "4" }).success, missing).toBe(false);
    }
    expect(redeemSchema.safeParse({ ...base, intent: "redeem", rewardId: "4", mobile: "call me" }).success).toBe(false);
    expect(redeemSchema.safeParse({ ...base, intent: "redeem", rewardId: "4", receivingAddress: "ab" }).success).toBe(false);
  });

  it("converts a positive number of points with at most two decimals", () => {
    expect(convertSchema.parse({ ...base, intent: "convert", points: "1500.25" }).points).toBe(1500.25);
    for (const points of ["", "-5", "1.001", "1e4", "ten"])
      expect(convertSchema.safeParse({ ...base, intent: "convert", points }).success, points).toBe(false);
  });

  it("asks a bonus for a Zalo ID and goods for WhatsApp unless the reward says", () => {
    expect(addressKind(null, "BONUS")).toBe("ZALO");
    expect(addressKind(undefined, "GOODS")).toBe("WHATSAPP");
    expect(addressKind("address", "GOODS")).toBe("ADDRESS");
  });
});

describe("the customer-service window", () => {
  type Listener = (event: unknown) => void;
  function fakeDocument(openResult: { opener: unknown; location: { href: string } } | null) {
    let listener: Listener | undefined;
    const calls: unknown[][] = [];
    const doc = {
      addEventListener: (_: string, l: Listener) => (listener = l),
      defaultView: {
        open: (...args: unknown[]) => {
          calls.push(args);
          return openResult;
        },
      },
    } as unknown as Document;
    listenForServiceLinks(doc);
    const click = (marked: boolean) => {
      const link = Object.assign(Object.create(HTMLAnchorElementStub.prototype), { href: "http://localhost/service" });
      const event = {
        defaultPrevented: false,
        button: 0,
        metaKey: false,
        ctrlKey: false,
        shiftKey: false,
        altKey: false,
        target: { closest: (selector: string) => (marked && selector === "a[data-service-window]" ? link : null) },
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      listener!(event);
      return event;
    };
    return { click, calls };
  }
  class HTMLAnchorElementStub {}
  (globalThis as { HTMLAnchorElement?: unknown }).HTMLAnchorElement = HTMLAnchorElementStub;

  it("opens a blank 440×750 window first, then points it at the link", () => {
    const opened = { opener: "parent" as unknown, location: { href: "" } };
    const { click, calls } = fakeDocument(opened);
    const event = click(true);
    expect(calls).toEqual([["", "customer-service", SERVICE_WINDOW]]);
    expect(SERVICE_WINDOW).toContain("width=440,height=750");
    expect(event.defaultPrevented).toBe(true);
    expect(opened.location.href).toBe("http://localhost/service");
    expect(opened.opener).toBeNull();
  });

  it("leaves the link to open a new tab when the window is refused, and other links alone", () => {
    const blocked = fakeDocument(null);
    expect(blocked.click(true).defaultPrevented).toBe(false);
    const other = fakeDocument({ opener: null, location: { href: "" } });
    expect(other.click(false).defaultPrevented).toBe(false);
    expect(other.calls).toHaveLength(0);
  });
});
