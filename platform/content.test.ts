import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setModule, setSetting } from "./operator";
import { parseContentCommand } from "./operator-content";
import { createOperatorApp } from "./operator-http";
import { announcementSeeds } from "./db/seed-data";
import { seedContent } from "./db/seed-content";
import { noticeSeeds } from "./db/seed-content-data";
import { LANGUAGES } from "./messages";
import { PAGE_KEYS } from "./services/site-content";
import { type CallInit, type Envelope, type Harness, openHarness } from "./testing/harness";
import { ok as okValue, refused as fail } from "./testing/envelope";

// The content screens of decision 026: notices and popups, help centre, site pages, the affiliate
// programme, feedback (member, visitor, pictures, bounds, idempotency) and their operator commands.

let h: Harness;
let member: string;
let vip: string;

const ok = async (p: string, init: CallInit = {}) => okValue(await h.json(p, init));
const run = (name: string, ...args: string[]) => parseContentCommand(name, args).direct(h.db, "demo");

let requestSeq = 0;
const requestId = () => `content-test-${String(++requestSeq).padStart(6, "0")}`;
const putFeedback = (body: unknown, init: CallInit = {}) =>
  h.json("/wps/feedback", { method: "PUT", body: typeof body === "string" ? body : JSON.stringify(body), ...init });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("IHDR fake png body")]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("fake jpeg body")]);
const GIF = Buffer.from("GIF89a fake gif body");
const dataUrl = (bytes: Buffer, mime = "image/png") => `data:${mime};base64,${bytes.toString("base64")}`;
const TEXT = "My bKash deposit of 500 taka is still pending after an hour.";

beforeAll(async () => {
  h = await openHarness();
  member = (await h.login("demo_member", "Demo@1234")).body.value.token;
  vip = (await h.login("demo_vip", "Demo@1234")).body.value.token;
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("notices and popups", () => {
  const lists = async (language?: string) => ok("/wps/relay/MCSFE_getListAnnouncements?types=PL,PU", { language });

  it("carries time on every notice and popup, with two pages of each", async () => {
    const { player, popup } = await lists();
    expect(player.length).toBeGreaterThanOrEqual(12);
    expect(popup.length).toBeGreaterThanOrEqual(7);
    for (const item of [...player, ...popup]) {
      expect(item).toMatchObject({
        id: expect.any(Number),
        title: expect.any(String),
        content: expect.any(String),
        time: expect.any(Number),
      });
      expect(item.title.length).toBeGreaterThan(0);
    }
    // Newest first: the seeded notices come before the first seed's older ones.
    expect(player[0].title).toBe("Scheduled maintenance on 28 November");
    expect(player[0].time).toBe(Date.parse("2026-11-20T09:00:00Z"));
  });

  it("answers Bengali in Bengali and falls back to English per item", async () => {
    const bn = await lists("BN");
    expect(bn.player[0].title).toBe("২৮ নভেম্বর নির্ধারিত রক্ষণাবেক্ষণ");
    expect(bn.popup[0].content).toMatch(/[\u0980-\u09FF]/);
    const unknown = await lists("XX");
    expect(unknown.popup[0].title).toBe("Maintenance on Friday 28 November");
  });

  it("seeds every ticker notice and popup in all nine languages, each with the English text's markup", () => {
    const seeded = [...noticeSeeds, ...announcementSeeds.filter((a) => a.kind === "marquee" || a.kind === "popup")];
    expect(seeded.length).toBeGreaterThanOrEqual(20);
    const tags = (html: string) => [...html.matchAll(/<\/?([a-z]+)(?:\s+href="([^"]*)")?/g)].map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ""}`);
    for (const notice of seeded) {
      const content = notice.content!;
      for (const lang of LANGUAGES) {
        expect(notice.title[lang]?.trim(), `${notice.title.EN} title in ${lang}`).toBeTruthy();
        expect(content[lang]?.trim(), `${notice.title.EN} text in ${lang}`).toBeTruthy();
        if (lang === "EN") continue;
        // A translation, not the English copied: its text differs, its links and emphasis stay
        // (in the language's own word order).
        expect(content[lang], `${notice.title.EN} text in ${lang}`).not.toBe(content.EN);
        expect(tags(content[lang]!).sort(), `${notice.title.EN} markup in ${lang}`).toEqual(tags(content.EN).sort());
      }
    }
  });

  it("answers the ticker and the notices in each language the site offers", async () => {
    const english = await lists("EN");
    for (const lang of LANGUAGES.filter((l) => l !== "EN")) {
      const { player, popup } = await lists(lang);
      expect(player.map((p: any) => p.id)).toEqual(english.player.map((p: any) => p.id));
      for (const [i, item] of [...player, ...popup].entries()) {
        const en = [...english.player, ...english.popup][i];
        expect(item.content, `${lang}: ${en.title}`).not.toBe(en.content);
      }
    }
    const cn = await lists("CN");
    expect(cn.player[0].title).toBe("11月28日系统维护通知");
    expect((await lists("UR")).player[0].content).toMatch(/[\u0600-\u06FF]/);
  });

  it("gives a database seeded with English and Bengali notices the other seven languages, not touching an edited one", async () => {
    const [first, second] = noticeSeeds;
    const old = (text: Record<string, string | undefined>) => JSON.stringify({ EN: text.EN, BN: text.BN });
    const setOld = (seed: NonNullable<typeof first>, content: string) =>
      h.db.query("UPDATE announcements SET title = $2::jsonb, content = $3::jsonb WHERE merchant = 'demo' AND title->>'EN' = $1", [
        seed.title.EN,
        old(seed.title),
        content,
      ]);
    await setOld(first!, old(first!.content));
    await setOld(second!, JSON.stringify({ EN: "<p>Edited by the operator.</p>" }));
    await h.db.query("DELETE FROM seed_steps WHERE merchant = 'demo' AND step = 'notice-languages'");
    expect(await seedContent(h.db, "demo")).toBe(true);
    const rows = await h.db.query<{ title: Record<string, string>; content: Record<string, string> }>(
      "SELECT title, content FROM announcements WHERE merchant = 'demo' AND title->>'EN' = ANY($1::text[]) ORDER BY sort",
      [[first!.title.EN, second!.title.EN]],
    );
    expect(rows[0]).toEqual({ title: first!.title, content: first!.content });
    expect(rows[1]!.title.UR).toBeUndefined();
    expect(rows[1]!.content).toEqual({ EN: "<p>Edited by the operator.</p>" });
    // Written once: the step is recorded and does not run again.
    expect(await seedContent(h.db, "demo")).toBe(false);
    await h.db.query("UPDATE announcements SET title = $2::jsonb, content = $3::jsonb WHERE merchant = 'demo' AND title->>'EN' = $1", [
      second!.title.EN,
      JSON.stringify(second!.title),
      JSON.stringify(second!.content),
    ]);
  });

  it("publishes a notice and a popup first in their lists, and withdraws them", async () => {
    const notice = (await run(
      "announce",
      "notice",
      "Cricket night",
      "<p>Live odds on tonight's match.</p>",
      "ক্রিকেট রাত",
      "<p>আজ রাতের ম্যাচে লাইভ অডস।</p>",
    )) as { id: number };
    const popup = (await run("announce", "popup", "Server move", "<p>Short pause at 04:00.</p>")) as { id: number };
    // The commands publish at the wall clock's time; the platform's clock catches up with it.
    h.clock.now = new Date(Date.now() + 1000);
    const en = await lists();
    expect(en.player[0]).toMatchObject({ id: notice.id, title: "Cricket night", content: "<p>Live odds on tonight's match.</p>" });
    expect(en.popup[0]).toMatchObject({ id: popup.id, title: "Server move" });
    expect((await lists("BN")).player[0].title).toBe("ক্রিকেট রাত");
    expect((await lists("BN")).popup[0].title).toBe("Server move");
    await run("announce", "off", String(notice.id));
    await run("announce", "off", String(popup.id));
    const after = await lists();
    expect(after.player.some((p: any) => p.id === notice.id)).toBe(false);
    expect(after.popup.some((p: any) => p.id === popup.id)).toBe(false);
  });

  it("refuses malformed announce commands", async () => {
    expect(() => parseContentCommand("announce", ["notice", "Only a title"])).toThrow(/announce/);
    expect(() => parseContentCommand("announce", ["banner", "t", "c"])).toThrow(/announce/);
    expect(() => parseContentCommand("announce", ["off", "x"])).toThrow(/announce off/);
    await expect(run("announce", "notice", "  ", "<p>x</p>")).rejects.toThrow(/empty/);
    await expect(run("announce", "off", "999999999")).rejects.toThrow(/No announcement/);
  });
});

describe("help centre", () => {
  const help = (query = "", language?: string) => ok(`/wps/system/helpCenter${query}`, { merchant: undefined, language });

  it("lists the five categories with their articles in order", async () => {
    const value = await help("?device=WEB");
    expect(value.map((c: any) => c.tag)).toEqual(["aboutus", "deposit", "withdraw", "game", "faqs"]);
    for (const category of value) {
      expect(category).toMatchObject({
        id: expect.any(Number),
        title: expect.any(String),
        bgColor: expect.stringMatching(/^#[0-9A-F]{6}$/),
        display: true,
        lang: "EN",
        content: expect.any(String),
      });
      expect(category.children.length).toBeGreaterThanOrEqual(3);
      for (const article of category.children) {
        expect(article).toEqual({
          id: expect.any(Number),
          title: expect.any(String),
          content: expect.stringContaining("<"),
          tag: category.tag,
          display: true,
        });
      }
    }
    const deposit = value.find((c: any) => c.tag === "deposit");
    expect(deposit.children[0].title).toBe("How to deposit with bKash");
    expect(deposit.children[0].content).toContain("Transaction ID");
  });

  it("leaves out hidden items and items of the other device", async () => {
    const titles = (value: any[]) => value.flatMap((c) => c.children.map((a: any) => a.title));
    const web = titles(await help("?device=WEB"));
    const mobile = titles(await help("?device=mobile"));
    const any = titles(await help("?device=TV"));
    expect(web).toContain("Free play accounts");
    expect(web).not.toContain("Playing on your phone");
    expect(mobile).toContain("Playing on your phone");
    expect(mobile).not.toContain("Free play accounts");
    expect(any).toEqual(expect.arrayContaining(["Free play accounts", "Playing on your phone"]));
    expect([...web, ...mobile, ...any]).not.toContain("Old welcome offer (ended)");

    await h.db.query("UPDATE help_categories SET display = false WHERE tag = 'game'");
    expect((await help()).map((c: any) => c.tag)).not.toContain("game");
    await h.db.query("UPDATE help_categories SET display = true WHERE tag = 'game'");
  });

  it("answers in Bengali, English where an item has no translation", async () => {
    const bn = await help("", "BN");
    expect(bn[0].lang).toBe("BN");
    expect(bn[1].title).toBe("ডিপোজিট");
    expect(bn[1].children[0].content).toMatch(/বিকাশ/);
    const vi = await help("", "VI");
    expect(vi[1].title).toBe("Deposit");
    expect((await help("?lang=bn"))[1].title).toBe("ডিপোজিট");
    expect((await help("?lang=BN", "EN"))[1].title).toBe("Deposit");
  });
});

describe("site pages", () => {
  it("lists the ten pages and answers one by key", async () => {
    const list = await ok("/wps/system/pages");
    expect(list.map((p: any) => p.key)).toEqual([...PAGE_KEYS]);
    for (const page of list) expect(page).toEqual({ key: page.key, title: expect.any(String), updatedAt: expect.any(Number) });
    const terms = await ok("/wps/system/pages?key=terms");
    expect(terms).toEqual({
      key: "terms",
      title: "General terms and conditions",
      content: expect.stringContaining("18"),
      updatedAt: expect.any(Number),
    });
    expect((await ok("/wps/system/pages?key=certification")).content).toContain("Curaçao");
    expect((await ok("/wps/system/pages?key=paymentMethods")).content).toMatch(/bKash[\s\S]*Nagad[\s\S]*Rocket[\s\S]*USDT/);
    expect((await ok("/wps/system/pages?key=contactUs")).content).toContain("support@winbazaar.example");
    const bn = await ok("/wps/system/pages?key=privacy", { language: "BN" });
    expect(bn.title).toBe("গোপনীয়তা নীতি");
  });

  it("answers page.not.found for an unknown key", async () => {
    for (const key of ["nope", "TERMS", "__proto__", "x".repeat(500), "%00"]) {
      const { status, body } = await h.json(`/wps/system/pages?key=${encodeURIComponent(key)}`);
      expect(status).toBe(200);
      fail(body, "page.not.found");
    }
  });

  it("lets the operator replace a page in one language", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-test-"));
    const file = path.join(dir, "refund.html");
    writeFileSync(file, "<h2>রিফান্ড</h2><p>নতুন নিয়ম।</p>");
    h.clock.advance(1000);
    const before = (await ok("/wps/system/pages?key=refund")).updatedAt;
    await run("page", "refund", file, "bn");
    const bn = await ok("/wps/system/pages?key=refund", { language: "BN" });
    expect(bn.content).toBe("<h2>রিফান্ড</h2><p>নতুন নিয়ম।</p>");
    const en = await ok("/wps/system/pages?key=refund");
    expect(en.content).toContain("Refund policy");
    expect(en.updatedAt).toBeGreaterThan(before);
    expect(() => parseContentCommand("page", ["nope", file])).toThrow(/Page key/);
    expect(() => parseContentCommand("page", ["terms", path.join(dir, "missing.html")])).toThrow(/Cannot read/);
    await expect(run("page", "terms", file, "XX")).rejects.toThrow(/Language/);
  });
});

describe("affiliate programme", () => {
  it("answers the tiers without a code and keeps the code check with one", async () => {
    const value = await ok("/wps/agent/affiliate");
    expect(value.tiers).toEqual([
      { level: 1, activeMembers: 5, netProfit: 0, rate: 25 },
      { level: 2, activeMembers: 15, netProfit: 50000, rate: 30 },
      { level: 3, activeMembers: 40, netProfit: 200000, rate: 35 },
      { level: 4, activeMembers: 100, netProfit: 1000000, rate: 45 },
    ]);
    expect(value.settlement).toBe("MONTHLY");
    expect(value.description).toContain("<p>");
    expect((await ok("/wps/agent/affiliate", { language: "BN" })).description).toMatch(/[\u0980-\u09FF]/);
    expect(await ok("/wps/agent/affiliate?code=AGENT01&domain=localhost")).toEqual({ code: "AGENT01" });
    fail((await h.json("/wps/agent/affiliate?code=NOPE99&domain=localhost")).body, "invitation.code.invalid");
  });
});

describe("feedback", () => {
  it("takes a member's feedback with pictures and lists it with them", async () => {
    const id = requestId();
    const answer = await ok("/wps/feedback", {
      method: "PUT",
      token: member,
      body: JSON.stringify({
        requestId: id,
        questionType: "deposit",
        content: `  ${TEXT}  `,
        images: [dataUrl(PNG), dataUrl(JPEG, "image/jpeg"), JPEG.toString("base64")],
      }),
    });
    expect(answer).toEqual({ feedbackId: expect.any(Number), status: "OPEN" });
    const list = await ok("/wps/relay/MCSFE_getFeedbackList?pageNo=1&pageSize=5", { token: member });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.totalPages).toBeGreaterThanOrEqual(1);
    const item = list.list.find((f: any) => f.feedbackId === answer.feedbackId);
    expect(item).toEqual({
      feedbackId: answer.feedbackId,
      questionType: "DEPOSIT",
      content: TEXT,
      images: [1, 2, 3].map((n) => `/media/feedback/${answer.feedbackId}/${n}`),
      status: "OPEN",
      time: h.clock.now.getTime(),
      replies: [],
    });

    // Pictures go to their owner only.
    const own = await h.call(item.images[0], { token: member });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await h.call(item.images[1], { token: member })).headers.get("content-type")).toBe("image/jpeg");
    expect((await h.call(item.images[0], { token: vip })).status).toBe(404);
    expect((await h.call(item.images[0])).status).toBe(404);
    expect((await h.call(item.images[0], { token: "not-a-token" })).status).toBe(404);
    expect((await h.call(item.images[0], { token: member, merchant: null })).status).toBe(404);
    expect((await h.call(`/media/feedback/${answer.feedbackId}/4`, { token: member })).status).toBe(404);
    expect((await h.call(`/media/feedback/abc/1`, { token: member })).status).toBe(404);
    // Another member's list does not hold it.
    const other = await ok("/wps/relay/MCSFE_getFeedbackList", { token: vip });
    expect(other.list.some((f: any) => f.feedbackId === answer.feedbackId)).toBe(false);
  });

  it("takes a visitor's feedback without a member", async () => {
    const answer = await ok("/wps/feedback", {
      method: "PUT",
      body: JSON.stringify({ requestId: requestId(), questionType: "OTHER", content: "I cannot find the register button on my phone." }),
    });
    const [row] = await h.db.query<{ member_id: number | null }>("SELECT member_id FROM feedback WHERE id = $1", [answer.feedbackId]);
    expect(row?.member_id).toBeNull();
    // A token that is sent must be alive.
    const { status, body } = await putFeedback(
      { requestId: requestId(), questionType: "OTHER", content: TEXT },
      { token: "expired-token" },
    );
    expect(status).toBe(401);
    fail(body, "login.not.session");
  });

  it("keeps the content between the merchant's bounds", async () => {
    const send = (content: unknown) => putFeedback({ requestId: requestId(), questionType: "SERVICE", content }, { token: member });
    for (const content of ["x".repeat(9), "x".repeat(501), "", "           short     ", null]) {
      const { status, body } = await send(content);
      expect(status).toBe(200);
      fail(body, "feedback.content.length");
      expect(body.message).toContain("10");
      expect(body.message).toContain("500");
    }
    expect((await send("x".repeat(10))).body.success).toBe(true);
    expect((await send("ক".repeat(500))).body.success).toBe(true);
    await setSetting(h.db, "demo", "feedbackMinLength", 20);
    fail((await send("x".repeat(19))).body, "feedback.content.length");
    await setSetting(h.db, "demo", "feedbackMinLength", 10);
    const bn = await putFeedback({ requestId: requestId(), questionType: "SERVICE", content: "short" }, { token: member, language: "BN" });
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
  });

  it("takes at most three PNG or JPEG pictures of at most 5 MB, by their bytes", async () => {
    const send = (images: unknown) =>
      putFeedback({ requestId: requestId(), questionType: "GAME", content: TEXT, images }, { token: member });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const refused: unknown[] = [
      [dataUrl(PNG), dataUrl(PNG), dataUrl(PNG), dataUrl(PNG)],
      [dataUrl(GIF, "image/gif")],
      [dataUrl(GIF)],
      [dataUrl(big)],
      ["not base64 at all!"],
      [""],
      [42],
      [{ url: dataUrl(PNG) }],
      [`data:image/png;base64,`],
    ];
    for (const images of refused) {
      const { status, body } = await send(images);
      expect(status).toBe(200);
      fail(body, "upload.invalid");
    }
    const exactly5mb = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await send([dataUrl(exactly5mb)])).body.success).toBe(true);
    expect((await send([])).body.success).toBe(true);
    expect((await send(null)).body.success).toBe(true);
  });

  it("answers the same requestId and content with the first answer, other content with a conflict", async () => {
    const body = { requestId: requestId(), questionType: "WITHDRAW", content: TEXT, images: [dataUrl(PNG)] };
    const first = await ok("/wps/feedback", { method: "PUT", token: member, body: JSON.stringify(body) });
    const [again, twin] = await Promise.all([
      ok("/wps/feedback", { method: "PUT", token: member, body: JSON.stringify(body) }),
      ok("/wps/feedback", { method: "PUT", token: member, body: JSON.stringify(body) }),
    ]);
    expect(again).toEqual({ ...first, replayed: true });
    expect(twin).toEqual({ ...first, replayed: true });
    const [count] = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM feedback WHERE request_id = $1", [body.requestId]);
    expect(count?.n).toBe(1);
    fail((await putFeedback({ ...body, content: `${TEXT} More.` }, { token: member })).body, "idempotency.conflict");
    fail((await putFeedback({ ...body, images: [dataUrl(JPEG)] }, { token: member })).body, "idempotency.conflict");
    // The same requestId from a visitor is a request of its own.
    expect((await ok("/wps/feedback", { method: "PUT", body: JSON.stringify(body) })).feedbackId).not.toBe(first.feedbackId);
  });

  it("refuses malformed bodies with parameter.invalid", async () => {
    for (const body of [
      { questionType: "GAME", content: TEXT },
      { requestId: "short", questionType: "GAME", content: TEXT },
      { requestId: requestId(), questionType: "LOTTERY", content: TEXT },
      { requestId: requestId(), content: TEXT },
      { requestId: requestId(), questionType: "GAME", content: 12345678901 },
      { requestId: requestId(), questionType: "GAME", content: TEXT, images: "x" },
      { requestId: requestId(), questionType: "GAME", content: `nul \u0000 inside the content here` },
      "{not json",
      "[]",
    ]) {
      const { status, body: answer } = await putFeedback(body, { token: member });
      expect(status).toBe(400);
      fail(answer, "parameter.invalid");
    }
  });

  it("is closed with FEEDBACK3 off, and the list needs a token", async () => {
    const list = await h.json("/wps/relay/MCSFE_getFeedbackList");
    expect(list.status).toBe(401);
    fail(list.body, "login.not.session");
    await setModule(h.db, "demo", "FEEDBACK3", false);
    try {
      const put = await putFeedback({ requestId: requestId(), questionType: "GAME", content: TEXT });
      expect(put.status).toBe(400);
      fail(put.body, "function.not.available");
      const off = await h.json("/wps/relay/MCSFE_getFeedbackList");
      expect(off.status).toBe(400);
      fail(off.body, "function.not.available");
    } finally {
      await setModule(h.db, "demo", "FEEDBACK3", true);
    }
  });

  it("lets the operator reply (into the member's inbox) and close", async () => {
    const { feedbackId } = await ok("/wps/feedback", {
      method: "PUT",
      token: vip,
      body: JSON.stringify({ requestId: requestId(), questionType: "WITHDRAW", content: "My withdrawal to Nagad has not arrived yet." }),
    });
    const open = (await run("feedback", "open")) as Array<{ id: number; from: string; status: string }>;
    expect(open.find((f) => f.id === feedbackId)).toMatchObject({ from: "demo_vip", status: "OPEN" });
    const unreadBefore = await ok("/wps/relay/CSP_unreadCount", { token: vip });

    const replied = (await run("feedback", "reply", String(feedbackId), "Paid", "at", "14:05;", "please", "check", "Nagad.")) as {
      status: string;
      inboxMessage: number;
    };
    expect(replied.status).toBe("REPLIED");
    expect(replied.inboxMessage).toEqual(expect.any(Number));
    const item = (await ok("/wps/relay/MCSFE_getFeedbackList", { token: vip })).list.find((f: any) => f.feedbackId === feedbackId);
    expect(item.status).toBe("REPLIED");
    expect(item.replies).toEqual([{ content: "Paid at 14:05; please check Nagad.", time: expect.any(Number) }]);
    expect(await ok("/wps/relay/CSP_unreadCount", { token: vip })).toBe(unreadBefore + 1);
    const inbox = await ok("/wps/relay/MCSFE_getInboxMessages?pageNo=1&pageSize=1", { token: vip, language: "BN" });
    expect(inbox.list[0]).toMatchObject({
      kind: "FEEDBACK_REPLY",
      title: `আপনার মতামত নং ${feedbackId}-এর উত্তর`,
      content: "Paid at 14:05; please check Nagad.",
    });
    expect(((await run("feedback", "open")) as Array<{ id: number }>).some((f) => f.id === feedbackId)).toBe(false);
    expect(((await run("feedback")) as Array<{ id: number }>).some((f) => f.id === feedbackId)).toBe(true);

    expect(await run("feedback", "close", String(feedbackId))).toEqual({ id: feedbackId, status: "CLOSED" });
    expect((await ok("/wps/relay/MCSFE_getFeedbackList", { token: vip })).list.find((f: any) => f.feedbackId === feedbackId).status).toBe(
      "CLOSED",
    );
    await expect(run("feedback", "reply", String(feedbackId), "again")).rejects.toThrow(/closed/);
    await expect(run("feedback", "close", "999999999")).rejects.toThrow(/No feedback/);
    expect(() => parseContentCommand("feedback", ["reply", "12"])).toThrow(/feedback reply/);
    expect(() => parseContentCommand("feedback", ["delete", "12"])).toThrow(/feedback/);
  });

  it("replies to a visitor's feedback without an inbox message", async () => {
    const { feedbackId } = await ok("/wps/feedback", {
      method: "PUT",
      body: JSON.stringify({ requestId: requestId(), questionType: "APPLY", content: "How do I become an agent for my area?" }),
    });
    const replied = (await run("feedback", "reply", String(feedbackId), "See the Join us page.")) as { inboxMessage: number | null };
    expect(replied.inboxMessage).toBeNull();
  });

  it("never answers a fuzzed body with a 5xx", async () => {
    let seed = 1234567;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const values = (): unknown =>
      pick<() => unknown>([
        () => null,
        () => true,
        () => Math.floor(random() * 1e6) - 5e5,
        () => random() * 1e20,
        () => "",
        () => "x".repeat(Math.floor(random() * 700)),
        () => "\u0000",
        () => "ক".repeat(Math.floor(random() * 30)),
        () => requestId(),
        () => pick([...["DEPOSIT", "withdraw", "Game", "SERVICE", "APPLY", "OTHER", "NOPE"]]),
        () => [dataUrl(PNG)],
        () => [dataUrl(GIF), 1, null],
        () => pick([[], {}, [[]], { a: 1 }]),
        () => "data:image/png;base64,%%%",
        () => "<script>alert(1)</script>",
      ])();
    const keys = ["requestId", "questionType", "content", "images", "__proto__", "constructor", "extra"];
    for (let i = 0; i < 300; i++) {
      const body: Record<string, unknown> = {};
      if (random() < 0.8) body.requestId = random() < 0.7 ? requestId() : values();
      if (random() < 0.8) body.questionType = random() < 0.6 ? "GAME" : values();
      if (random() < 0.8) body.content = random() < 0.5 ? TEXT : values();
      for (const key of keys) if (random() < 0.15) body[key] = values();
      const raw =
        random() < 0.1 ? pick(["", "null", "[", '{"a":', "123", '"text"', JSON.stringify(body).slice(0, 20)]) : JSON.stringify(body);
      const response = await h.call("/wps/feedback", {
        method: "PUT",
        body: raw,
        token: random() < 0.5 ? member : undefined,
        language: pick(["EN", "BN", "XX", ""]),
      });
      expect(response.status, raw.slice(0, 200)).toBeLessThan(500);
      const answer = (await response.json()) as Envelope;
      expect(typeof answer.success).toBe("boolean");
    }
  });
});

describe("operator listener", () => {
  it("serves the content commands behind the key", async () => {
    const app = createOperatorApp({ db: h.db, merchant: "demo", key: "operator-test-key", now: () => h.clock.now });
    const send = async (p: string, body?: unknown, key = "operator-test-key") => {
      const response = await app.fetch(
        new Request(`http://operator.test/operator/${p}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { "X-Operator-Key": key, "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      return { status: response.status, json: (await response.json()) as { ok: boolean; result?: any; error?: string } };
    };
    expect((await send("feedback", undefined, "wrong")).status).toBe(401);
    const published = await send("announce", {
      kind: "popup",
      title: "Listener popup",
      content: "<p>From the listener.</p>",
      titleBn: "লিসেনার",
      contentBn: "<p>লিসেনার থেকে।</p>",
    });
    expect(published.json).toMatchObject({ ok: true, result: { kind: "popup", title: "Listener popup", languages: ["EN", "BN"] } });
    expect((await ok("/wps/relay/MCSFE_getListAnnouncements?types=PU", { language: "BN" })).popup[0].title).toBe("লিসেনার");
    expect((await send("announce/off", { id: published.json.result.id })).json.ok).toBe(true);
    expect((await send("announce", { kind: "banner", title: "x", content: "y" })).json.ok).toBe(false);

    const { feedbackId } = await ok("/wps/feedback", {
      method: "PUT",
      token: member,
      body: JSON.stringify({ requestId: requestId(), questionType: "SERVICE", content: "The chat window does not open on my phone." }),
    });
    const open = await send("feedback?open=1");
    expect(open.json.result.some((f: any) => f.id === feedbackId)).toBe(true);
    expect((await send("feedback/reply", { id: feedbackId, text: "Fixed, please try again." })).json.result).toMatchObject({
      id: feedbackId,
      status: "REPLIED",
    });
    expect((await send("feedback/close", { id: feedbackId })).json.result).toEqual({ id: feedbackId, status: "CLOSED" });
    expect((await send("feedback/close", { id: 999_999_999 })).json).toMatchObject({
      ok: false,
      error: expect.stringContaining("No feedback"),
    });
    expect((await send("page", { key: "security", html: "<p>Listener security page.</p>" })).json.ok).toBe(true);
    expect((await ok("/wps/system/pages?key=security")).content).toBe("<p>Listener security page.</p>");
    expect((await send("page", { key: "nope", html: "<p>x</p>" })).json.ok).toBe(false);
  });
});
