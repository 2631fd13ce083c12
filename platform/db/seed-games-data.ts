import { seededRandom } from "../play/random";
// The demo game catalogue of decision 014, generated deterministically: a seeded PRNG and fixed
// dates, so every database (and every test) gets the same games, ids and names.

/** The catalogue's "today": release dates lie in the six years before it, winners just before it. */
export const CATALOGUE_DATE = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;

/** The demo data's seeded source (mulberry32); never Math.random. */
export const prng = seededRandom;

type Rand = () => number;
const pickOne = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** A value drawn with the given weights: [[value, weight], ...]. */
function weighted<T>(rand: Rand, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let r = rand() * total;
  for (const [value, w] of table) {
    r -= w;
    if (r < 0) return value;
  }
  return table[table.length - 1]![0];
}

function shuffled<T>(rand: Rand, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface GameSeed {
  nodeId: string;
  gameType: string;
  vassalage: string;
  classify: "" | "CRASH";
  name: string;
  lines: number;
  /** Minor units (100 = 1.00). */
  minBet: number;
  rtp: number;
  hot: boolean;
  isGame: "" | "VASSALAGE";
  demo: "slot" | "crash";
  /** An e-lottery game's code in lottery_games (what its launch opens). */
  lotteryCode?: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  sort: number;
}

export interface PvpRoomSeed {
  nodeId: string;
  name: string;
  minBet: number;
  players: number;
  maxPlayers: number;
  sort: number;
}

export interface WinnerSeed {
  nodeId: string;
  customerName: string;
  /** Minor units. */
  winAmount: number;
  wonAt: Date;
}

/**
 * Games tests and docs may rely on: fixed node ids and names, always seeded and enabled; all hot
 * but the lobby (a VASSALAGE entry).
 * (Game ids follow from the insertion order; look them up by nodeId.)
 */
export const WELL_KNOWN_GAMES = {
  fortuneDragonGold: { nodeId: "PG_0001", name: "Fortune Dragon Gold", vassalage: "PG", gameType: "RNG" },
  megaTigerWays: { nodeId: "PP_0001", name: "Mega Tiger Ways", vassalage: "PP", gameType: "RNG" },
  luckyKoiJackpot: { nodeId: "JL_0001", name: "Lucky Koi Jackpot", vassalage: "JL", gameType: "RNG" },
  aviator: { nodeId: "SPRIBE_0001", name: "Aviator", vassalage: "SPRIBE", gameType: "RNG" },
  evolutionLobby: { nodeId: "EVO_LOBBY", name: "Evolution Lobby", vassalage: "EVO", gameType: "LIVE" },
  lightningRoulette: { nodeId: "EVO_0001", name: "Lightning Roulette", vassalage: "EVO", gameType: "LIVE" },
  royalFishing: { nodeId: "JLFISH_0001", name: "Royal Fishing", vassalage: "JLFISH", gameType: "FISH" },
  teenPatti: { nodeId: "KM_0001", name: "Teen Patti", vassalage: "KM", gameType: "PVP" },
  sabaSportsbook: { nodeId: "SABA_0001", name: "SABA Sportsbook", vassalage: "SABA", gameType: "SPORTS" },
} as const;

/** Slot games per RNG vendor (SPRIBE has its crash games instead): 10,000 in all. */
export const SLOT_COUNTS: Record<string, number> = {
  PNG: 900,
  PP: 1400,
  PG: 1200,
  NE2: 800,
  PTU: 900,
  HB: 700,
  JL: 1100,
  FC: 500,
  BNG: 500,
  CQ9: 600,
  JDB: 600,
  RT: 500,
  YGG: 100,
  // Last, so the generator's draws (and every game before and after) stay as they were.
  JLRNG: 200,
};

export const SLOT_PREFIXES = [
  "Fortune",
  "Mega",
  "Lucky",
  "Golden",
  "Wild",
  "Royal",
  "Mystic",
  "Super",
  "Magic",
  "Crazy",
  "Great",
  "Ancient",
  "Hot",
  "Sweet",
  "Big",
  "Diamond",
  "Jade",
  "Silver",
  "Crystal",
  "Fire",
  "Thunder",
  "Lightning",
  "Happy",
  "Rich",
  "Grand",
  "Epic",
  "Majestic",
  "Power",
  "Rising",
  "Eternal",
  "Secret",
  "Hidden",
  "Cosmic",
  "Neon",
  "Ruby",
  "Emerald",
  "Sapphire",
  "Frozen",
  "Blazing",
  "Savage",
  "Twin",
  "Triple",
  "Imperial",
  "Shining",
  "Dancing",
] as const;
export const SLOT_THEMES = [
  "Dragon",
  "Tiger",
  "Phoenix",
  "Panda",
  "Lion",
  "Buffalo",
  "Wolf",
  "Eagle",
  "Koi",
  "Monkey",
  "Pharaoh",
  "Cleopatra",
  "Zeus",
  "Viking",
  "Samurai",
  "Ninja",
  "Pirate",
  "Aztec",
  "Maya",
  "Safari",
  "Jungle",
  "Ocean",
  "Mermaid",
  "Unicorn",
  "Fruit",
  "Cherry",
  "Candy",
  "Gems",
  "Treasure",
  "Temple",
  "Pyramid",
  "Empire",
  "Olympus",
  "Atlantis",
  "Galaxy",
  "Star",
  "Moon",
  "Sun",
  "Lotus",
  "Bamboo",
  "Lantern",
  "Carnival",
  "Fiesta",
  "Rhino",
  "Gorilla",
  "Elephant",
  "Cobra",
  "Scarab",
  "Genie",
  "Wizard",
  "Witch",
  "Knight",
  "Queen",
  "King",
  "Horse",
  "Bull",
  "Shark",
  "Crab",
  "Goddess",
  "Warrior",
  "Mammoth",
  "Yeti",
  "Fox",
  "Owl",
  "Rooster",
  "Ox",
  "Cricket",
  "Bengal",
] as const;
export const SLOT_SUFFIXES = [
  "Gold",
  "Ways",
  "Megaways",
  "Deluxe",
  "Riches",
  "Fortune",
  "Jackpot",
  "Spins",
  "Rush",
  "Blitz",
  "Link",
  "Quest",
  "Legends",
  "Bonanza",
  "Hold and Win",
  "Reels",
  "Fever",
  "Party",
  "Power",
  "Strike",
  "Wins",
  "Cash",
  "Treasures",
  "Frenzy",
  "Kingdom",
  "Nights",
  "Streak",
  "1000",
] as const;

const LINES: readonly (readonly [number, number])[] = [
  [1, 1],
  [3, 2],
  [5, 4],
  [9, 5],
  [10, 6],
  [15, 4],
  [20, 8],
  [25, 10],
  [30, 6],
  [40, 6],
  [50, 6],
  [243, 8],
  [1024, 4],
];
const MIN_BETS: readonly (readonly [number, number])[] = [
  [1, 5],
  [10, 20],
  [20, 20],
  [50, 15],
  [100, 20],
  [200, 10],
  [500, 5],
];

const CRASH_NAMES = [
  "Aviator",
  "Aviator Turbo",
  "Rocket Rush",
  "Balloon Pop",
  "Space Crash",
  "Moon Shot",
  "Jet Plane",
  "Zeppelin Climb",
  "Crash X",
  "Cricket Crash",
] as const;

const LIVE_TABLES = [
  "Lightning Roulette",
  "Baccarat",
  "Speed Baccarat",
  "No Commission Baccarat",
  "Lightning Baccarat",
  "Dragon Tiger",
  "Roulette",
  "Speed Roulette",
  "Auto Roulette",
  "Blackjack",
  "Infinite Blackjack",
  "Sic Bo",
  "Super Sic Bo",
  "Teen Patti",
  "Andar Bahar",
  "Fan Tan",
  "Crazy Time",
  "Dream Catcher",
  "Casino Hold'em",
  "Three Card Poker",
  "Football Studio",
  "Mega Ball",
  "Bac Bo",
  "Lightning Dice",
] as const;

const FISH_PREFIXES = [
  "Royal",
  "Mega",
  "Ocean",
  "Deep Sea",
  "Golden",
  "Dragon",
  "Happy",
  "Jackpot",
  "Boom",
  "All-Star",
  "Bombing",
  "Dinosaur",
  "Lucky",
  "Thunder",
  "Monster",
  "Neon",
] as const;
const FISH_SUFFIXES = ["Fishing", "Fish Hunter", "Fishing King", "Fish War", "Fishing Party"] as const;

const PVP_GAMES = [
  "Teen Patti",
  "Andar Bahar",
  "Rummy",
  "Texas Hold'em",
  "Ludo",
  "Dragon Tiger PvP",
  "Blackjack PvP",
  "Baccarat PvP",
  "Tongits",
  "Pusoy",
  "Callbreak",
  "Jhandi Munda",
  "Ludo Quick",
  "7 Up 7 Down",
  "Color Game",
  "Pai Gow",
  "Niu Niu",
  "Thai Hi-Lo",
  "Fish Prawn Crab",
  "Sic Bo PvP",
  "Omaha Poker",
  "Domino QiuQiu",
  "Teen Patti 20-20",
  "Carrom",
] as const;
const ROOM_TIERS = [
  ["Beginner", 100],
  ["Standard", 500],
  ["Advanced", 1_000],
  ["VIP", 5_000],
  ["High Roller", 10_000],
  ["Royal", 50_000],
] as const;

/** Categories with a handful of fixed titles per vendor. */
const FIXED_TITLES: { gameType: string; vassalage: string; names: string[]; minBet: number; lotteryCodes?: string[] }[] = [
  { gameType: "SPORTS", vassalage: "SABA", names: ["SABA Sportsbook"], minBet: 100 },
  { gameType: "SPORTS", vassalage: "DS88", names: ["DS88 Sportsbook"], minBet: 100 },
  { gameType: "SPORTS", vassalage: "BTI", names: ["BTi Sportsbook"], minBet: 100 },
  { gameType: "ESPORTS", vassalage: "TF", names: ["TF Esports", "TF Virtual Esports", "TF Esports Live"], minBet: 100 },
  { gameType: "ESPORTS", vassalage: "IA", names: ["IA Esports", "IA Esports Live", "IA Virtual Sports"], minBet: 100 },
  { gameType: "COCKFIGHT", vassalage: "SV388", names: ["SV388 Live Cockfight", "SV388 Derby Arena", "SV388 Sabong"], minBet: 500 },
  { gameType: "COCKFIGHT", vassalage: "WS168", names: ["WS168 Sabong", "WS168 Derby Live", "WS168 Cockfight Cambodia"], minBet: 500 },
  {
    gameType: "CRICKET",
    vassalage: "9WICKETS",
    names: ["9Wickets Exchange", "9Wickets Bookmaker", "9Wickets Fancy", "9Wickets Premium Cricket"],
    minBet: 100,
  },
  {
    gameType: "BGS",
    vassalage: "BGS",
    names: ["Hash Dice", "Hash Baccarat", "Hash Odd Even", "Hash Lucky Number", "Hash Big Small"],
    minBet: 100,
  },
  {
    gameType: "ELOTT",
    vassalage: "TCG",
    names: ["TC 5D Lotto", "TC Keno", "TC PK10 Racing"],
    minBet: 10,
    lotteryCodes: ["5D1", "KENO5", "PK10_3"],
  },
];

const LIVE_VENDORS: [string, string][] = [
  ["EVO", "Evolution"],
  ["SEXY", "AE Sexy"],
  ["DG", "Dream Gaming"],
];
const FISH_VENDORS = ["JLFISH", "JDBFISH"];
const PVP_VENDORS = ["KM", "V8"];

const nodeId = (vassalage: string, index: number) => `${vassalage}_${String(index + 1).padStart(4, "0")}`;
const releaseDate = (rand: Rand) => new Date(CATALOGUE_DATE - (1 + Math.floor(rand() * 6 * 365)) * DAY_MS).toISOString().slice(0, 10);
/** Two decimals between min and max. */
const rtpBetween = (rand: Rand, min: number, max: number) => Math.round(min * 100 + rand() * (max - min) * 100) / 100;

function wellKnownName(vassalage: string, index: number): string | undefined {
  if (index !== 0) return undefined;
  return Object.values(WELL_KNOWN_GAMES).find((g) => g.vassalage === vassalage && g.nodeId === nodeId(vassalage, 0))?.name;
}

/** A slot title from the word lists, unique over the whole catalogue. */
function slotName(rand: Rand, taken: Set<string>): string {
  for (;;) {
    const prefix = pickOne(rand, SLOT_PREFIXES);
    const theme = pickOne(rand, SLOT_THEMES);
    const suffix = pickOne(rand, SLOT_SUFFIXES);
    const shape = rand();
    const words = shape < 0.6 ? [prefix, theme, suffix] : shape < 0.8 ? [theme, suffix] : [prefix, theme];
    if (new Set(words).size < words.length) continue;
    const name = words.join(" ");
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

function slotGames(rand: Rand): GameSeed[] {
  const taken = new Set<string>(Object.values(WELL_KNOWN_GAMES).map((g) => g.name));
  const games: GameSeed[] = [];
  for (const [vassalage, count] of Object.entries(SLOT_COUNTS)) {
    for (let i = 0; i < count; i++) {
      const known = wellKnownName(vassalage, i);
      games.push({
        nodeId: nodeId(vassalage, i),
        gameType: "RNG",
        vassalage,
        classify: "",
        name: known ?? slotName(rand, taken),
        lines: weighted(rand, LINES),
        minBet: weighted(rand, MIN_BETS),
        rtp: rtpBetween(rand, 94, 97.5),
        hot: known !== undefined || rand() < 0.02,
        isGame: "",
        demo: "slot",
        releaseDate: releaseDate(rand),
        sort: i,
      });
    }
  }
  return games;
}

function crashGames(rand: Rand): GameSeed[] {
  return CRASH_NAMES.map((name, i) => ({
    nodeId: nodeId("SPRIBE", i),
    gameType: "RNG",
    vassalage: "SPRIBE",
    classify: "CRASH",
    name,
    lines: 0,
    minBet: 10,
    rtp: 97,
    hot: i < 2,
    isGame: "",
    demo: "crash",
    releaseDate: releaseDate(rand),
    sort: i,
  }));
}

/** Live tables, 20–40 per vendor, after one VASSALAGE parent per vendor (sort -1: listed first). */
function liveGames(rand: Rand): GameSeed[] {
  const games: GameSeed[] = [];
  for (const [vassalage, displayName] of LIVE_VENDORS) {
    const base = { gameType: "LIVE", vassalage, classify: "" as const, lines: 0, isGame: "" as const, demo: "slot" as const };
    games.push({
      ...base,
      nodeId: `${vassalage}_LOBBY`,
      name: `${displayName} Lobby`,
      minBet: 100,
      rtp: 98,
      hot: false,
      isGame: "VASSALAGE",
      releaseDate: releaseDate(rand),
      sort: -1,
    });
    const count = 20 + Math.floor(rand() * 21);
    const kinds = vassalage === "EVO" ? LIVE_TABLES : shuffled(rand, LIVE_TABLES);
    for (let i = 0; i < count; i++) {
      const round = Math.floor(i / kinds.length);
      const name = `${kinds[i % kinds.length]}${round > 0 ? ` ${round + 1}` : ""}`;
      games.push({
        ...base,
        nodeId: nodeId(vassalage, i),
        name,
        minBet: weighted(rand, [
          [100, 4],
          [200, 3],
          [500, 2],
          [1_000, 1],
        ]),
        rtp: rtpBetween(rand, 97.3, 98.9),
        hot: vassalage === "EVO" && i < 2,
        releaseDate: releaseDate(rand),
        sort: i,
      });
    }
  }
  return games;
}

function fishGames(rand: Rand): GameSeed[] {
  const games: GameSeed[] = [];
  const taken = new Set<string>(["Royal Fishing"]);
  for (const vassalage of FISH_VENDORS) {
    const count = 18 + Math.floor(rand() * 5);
    for (let i = 0; i < count; i++) {
      let name = wellKnownName(vassalage, i);
      while (!name) {
        const candidate = `${pickOne(rand, FISH_PREFIXES)} ${pickOne(rand, FISH_SUFFIXES)}`;
        if (!taken.has(candidate)) name = candidate;
      }
      taken.add(name);
      games.push({
        nodeId: nodeId(vassalage, i),
        gameType: "FISH",
        vassalage,
        classify: "",
        name,
        lines: 0,
        minBet: weighted(rand, [
          [10, 2],
          [20, 2],
          [50, 2],
          [100, 1],
        ]),
        rtp: rtpBetween(rand, 96, 97.5),
        hot: i === 0,
        isGame: "",
        demo: "slot",
        releaseDate: releaseDate(rand),
        sort: i,
      });
    }
  }
  return games;
}

function pvpGames(rand: Rand): { games: GameSeed[]; rooms: PvpRoomSeed[] } {
  const games: GameSeed[] = [];
  const rooms: PvpRoomSeed[] = [];
  for (const vassalage of PVP_VENDORS) {
    // Teen Patti first at KM (well known); the rest in a per-vendor order.
    const titles =
      vassalage === "KM"
        ? [
            "Teen Patti",
            ...shuffled(
              rand,
              PVP_GAMES.filter((t) => t !== "Teen Patti"),
            ),
          ]
        : shuffled(rand, PVP_GAMES);
    for (let i = 0; i < 15; i++) {
      const id = nodeId(vassalage, i);
      const roomCount = 3 + Math.floor(rand() * 4);
      const maxPlayers = pickOne(rand, [4, 6, 8]);
      for (let r = 0; r < roomCount; r++) {
        const [tier, minBet] = ROOM_TIERS[r]!;
        rooms.push({ nodeId: id, name: tier, minBet, players: Math.floor(rand() * (maxPlayers + 1)), maxPlayers, sort: r });
      }
      games.push({
        nodeId: id,
        gameType: "PVP",
        vassalage,
        classify: "",
        name: titles[i]!,
        lines: 0,
        minBet: ROOM_TIERS[0][1],
        rtp: rtpBetween(rand, 96, 97.5),
        hot: vassalage === "KM" && i === 0,
        isGame: "",
        demo: "slot",
        releaseDate: releaseDate(rand),
        sort: i,
      });
    }
  }
  return { games, rooms };
}

function fixedGames(rand: Rand): GameSeed[] {
  return FIXED_TITLES.flatMap(({ gameType, vassalage, names, minBet, lotteryCodes }) =>
    names.map((name, i) => ({
      nodeId: nodeId(vassalage, i),
      gameType,
      vassalage,
      classify: "" as const,
      name,
      lines: 0,
      minBet,
      rtp: rtpBetween(rand, 95, 97.5),
      hot: i === 0 && (vassalage === "SABA" || vassalage === "SV388"),
      isGame: "" as const,
      demo: "slot" as const,
      lotteryCode: lotteryCodes?.[i],
      releaseDate: releaseDate(rand),
      sort: i,
    })),
  );
}

const WINNER_NAMES = [
  "rahim1990",
  "sumonkhan",
  "tanvir07",
  "nusrat_j",
  "arifbd88",
  "shakil22",
  "mithila9",
  "rakibul_h",
  "jahid777",
  "farhana21",
  "sabbir04",
  "imranctg",
  "nayeem55",
  "rumana13",
  "habib_dhk",
  "sadia1999",
  "kamrul66",
  "joyonto3",
  "priyanka8",
  "mahmud_s",
  "tarek2020",
  "shanto11",
  "rifat_rj",
  "asif_khl",
  "moni4545",
  "biplob12",
  "ruma_syl",
  "anik_bd",
  "fahim009",
  "tania_cx",
] as const;

function winners(rand: Rand, games: GameSeed[]): WinnerSeed[] {
  const pool = games.filter((g) => g.hot && g.isGame === "");
  let at = CATALOGUE_DATE;
  return WINNER_NAMES.map((customerName) => {
    at -= Math.floor((3 + rand() * 8) * 3_600_000);
    const game = pickOne(rand, pool);
    return { nodeId: game.nodeId, customerName, winAmount: Math.round(5_000 + rand() * 245_000) * 100, wonAt: new Date(at) };
  });
}

export interface GameCatalogue {
  games: GameSeed[];
  rooms: PvpRoomSeed[];
  winners: WinnerSeed[];
}

let cached: GameCatalogue | undefined;

/** The whole catalogue, in insertion order (which fixes the game ids of a fresh database). */
export function gameCatalogue(): GameCatalogue {
  if (cached) return cached;
  const rand = prng(20_261_101);
  const pvp = pvpGames(rand);
  const games = [...liveGames(rand), ...fixedGames(rand), ...fishGames(rand), ...slotGames(rand), ...crashGames(rand), ...pvp.games];
  cached = { games, rooms: pvp.rooms, winners: winners(rand, games) };
  return cached;
}
