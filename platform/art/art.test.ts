// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SLOT_THEMES, gameCatalogue } from "../db/seed-games-data";
import { vendorLanes } from "../db/seed-catalog";
import { bannerSvg, bannerTheme } from "./banners";
import { lotterySvg, vendorSvg } from "./logos";
import { MOTIFS, TYPE_MOTIFS, motifFor } from "./motifs";
import { PALETTES, paletteOf } from "./palettes";
import { gameSvg, tileMotif } from "./tiles";

// The generated artwork of decision 039: every seeded game gets a drawing that matches its theme,
// valid SVG with no text in a tile, small, and the same every time.

/** Parses as XML; throws on anything a strict parser refuses. */
function parse(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const error = doc.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`invalid SVG: ${error.textContent}\n${svg.slice(0, 300)}`);
  return doc;
}

const games = gameCatalogue().games;

describe("game tiles", () => {
  it("every slot theme word of the catalogue has its own motif, and every slot game shows its theme's", () => {
    for (const theme of SLOT_THEMES) expect(MOTIFS[theme.toLowerCase()], theme).toBeDefined();
    const slots = games.filter((g) => g.gameType === "RNG" && g.classify === "");
    expect(slots.length).toBeGreaterThan(9_000);
    for (const game of slots) {
      const words = game.name.split(" ");
      const theme = SLOT_THEMES.find((t) => words.includes(t));
      expect(theme, game.name).toBeDefined();
      expect(tileMotif(game), game.name).toBe(theme!.toLowerCase());
    }
  });

  it("draws the table, sports, fishing, crash and lottery games from the words of their names", () => {
    const expected: [string, string][] = [
      ["Lightning Roulette", "roulette"],
      ["Speed Baccarat", "cards"],
      ["Three Card Poker", "cards"],
      ["Teen Patti", "cards"],
      ["Super Sic Bo", "dice"],
      ["Lightning Dice", "dice"],
      ["Crazy Time", "wheel"],
      ["Football Studio", "football"],
      ["Mega Ball", "balls"],
      ["Evolution Lobby", "chips"],
      ["Royal Fishing", "fish"],
      ["All-Star Fishing", "fish"],
      ["Fish Prawn Crab", "crab"],
      ["Aviator", "plane"],
      ["Rocket Rush", "rocket"],
      ["Moon Shot", "rocket"],
      ["Balloon Pop", "balloon"],
      ["Cricket Crash", "cricket"],
      ["SV388 Live Cockfight", "rooster"],
      ["WS168 Sabong", "rooster"],
      ["9Wickets Exchange", "cricket"],
      ["SABA Sportsbook", "football"],
      ["TF Esports", "gamepad"],
      ["TC Keno", "balls"],
      ["TC PK10 Racing", "flag"],
      ["Hash Dice", "dice"],
      ["Ludo Quick", "ludo"],
      ["Domino QiuQiu", "domino"],
      ["Dragon Tiger", "dragon"],
    ];
    const byName = new Map(games.map((g) => [g.name, g]));
    for (const [name, motif] of expected) {
      const game = byName.get(name);
      expect(game, name).toBeDefined();
      expect(tileMotif(game!), name).toBe(motif);
    }
    // A name without any known word falls back to its type's motif.
    expect(motifFor("Zzz", "LIVE")).toBe("chips");
    expect(motifFor("Zzz", "RNG", "CRASH")).toBe("rocket");
    expect(motifFor("Zzz", "NOPE")).toBe("reels");
    for (const id of Object.values(TYPE_MOTIFS)) expect(MOTIFS[id], id).toBeDefined();
  });

  it("is valid SVG without any text, under 3 KB, for every seeded game", () => {
    let largest = 0;
    for (const game of games) {
      const svg = gameSvg(game);
      largest = Math.max(largest, Buffer.byteLength(svg));
      expect(svg).not.toMatch(/<text|<tspan|<foreignObject/);
    }
    expect(largest).toBeLessThan(3_072);
    // Parsing all ten thousand is slow: one tile per motif, and a sample across the catalogue.
    const sample = new Map<string, (typeof games)[number]>();
    for (const game of games) if (!sample.has(tileMotif(game))) sample.set(tileMotif(game), game);
    for (const [i, game] of games.entries()) if (i % 97 === 0) sample.set(`#${i}`, game);
    for (const game of sample.values()) {
      const doc = parse(gameSvg(game));
      expect(doc.documentElement.getAttribute("viewBox")).toBe("0 0 200 200");
      expect(doc.getElementsByTagName("text")).toHaveLength(0);
      expect(doc.documentElement.getAttribute("aria-label")).toBe(game.name);
    }
    // Every motif parses, including those no seeded game uses today.
    for (const id of Object.keys(MOTIFS)) parse(gameSvg({ name: id, vassalage: "PG", gameType: "RNG" }));
  });

  it("is deterministic and differs with the provider", () => {
    const game = games.find((g) => g.name === "Fortune Dragon Gold")!;
    expect(gameSvg(game)).toBe(gameSvg({ ...game }));
    const elsewhere = gameSvg({ ...game, vassalage: "JL" });
    expect(elsewhere).not.toBe(gameSvg(game));
    expect(gameSvg(game)).toContain(PALETTES.PG!.top);
    expect(elsewhere).toContain(PALETTES.JL!.top);
  });

  it("gives every seeded provider its own palette, and an unknown one a stable derived one", () => {
    for (const lane of vendorLanes) for (const v of lane.vendors) expect(PALETTES[v.vassalage], v.vassalage).toBeDefined();
    expect(paletteOf("NEW_VENDOR")).toEqual(paletteOf("NEW_VENDOR"));
    expect(paletteOf("NEW_VENDOR").top).toMatch(/^hsl\(/);
  });
});

describe("banners, logos and lottery icons", () => {
  it("writes a home banner's title once, and none in a promotion's picture", () => {
    const home = bannerSvg({
      title: "Welcome bonus 100% up to ৳10,000",
      label: "Welcome bonus 100% up to ৳10,000",
      about: "w_home Welcome bonus",
      seed: "banner1",
    });
    const doc = parse(home);
    const texts = [...doc.getElementsByTagName("text")].map((t) => t.textContent).join(" ");
    expect(texts).toBe("Welcome bonus 100% up to ৳10,000");
    expect(home).toContain('width="1080" height="420"');

    const promotion = bannerSvg({
      title: null,
      label: "First Deposit Match",
      about: "DEPOSIT_MATCH DEPOSIT First Deposit Match",
      seed: "promotion-banner1",
      width: 750,
      height: 300,
    });
    expect(parse(promotion).getElementsByTagName("text")).toHaveLength(0);
    expect(promotion).toContain('aria-label="First Deposit Match"');
    expect(promotion).toContain('viewBox="0 0 750 300"');
    for (const svg of [home, promotion]) expect(Buffer.byteLength(svg)).toBeLessThan(8_192);
    // An Urdu title is set right to left, on the right, the composition mirrored.
    const urdu = bannerSvg({ title: "ویلکم بونس", label: "ویلکم بونس", about: "w_home Welcome bonus", seed: "banner1" });
    expect(parse(urdu).getElementsByTagName("text")[0]?.parentElement?.getAttribute("direction")).toBe("rtl");
    expect(home).not.toContain('direction="rtl"');
  });

  it("composes a banner from what it is about", () => {
    expect(bannerTheme("DAILY_RAFFLE DAILY Daily raffle").motif).toBe("balls");
    expect(bannerTheme("VIP_BIRTHDAY VIP Birthday bonus").motif).toBe("king");
    expect(bannerTheme("CRICKET_SPECIAL SPORTS Cricket special").motif).toBe("cricket");
    expect(bannerTheme("w_home Live casino weekend tournament").motif).toBe("roulette");
    expect(bannerTheme("DEPOSIT_MATCH DEPOSIT First Deposit Match").motif).toBe("coins");
    expect(bannerTheme("w_register Join today and claim your bonus").motif).toBe("gift");
  });

  it("draws a vendor's logo with its wordmark and a lottery's icon without text", () => {
    const logo = vendorSvg("Play'n Go", "PNG", "RNG");
    expect([...parse(logo).getElementsByTagName("text")].map((t) => t.textContent).join(" ")).toBe("Play'n Go");
    expect(Buffer.byteLength(logo)).toBeLessThan(4_096);
    const icon = lotterySvg("হ্যানয়", "VN_HANOI");
    expect(parse(icon).getElementsByTagName("text")).toHaveLength(0);
    expect(icon).toContain('aria-label="হ্যানয়"');
    expect(Buffer.byteLength(icon)).toBeLessThan(3_072);
    expect(lotterySvg("PK10", "PK10")).toContain("pattern");
  });
});
