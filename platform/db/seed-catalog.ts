// The demo catalogue: the whitelabel module tree and the game vendors, written by seed.ts.

/** Module groups of the whitelabel tree (contract §4) with their children; [modId, on]. */
export const moduleTree: { group: string; modules: [string, boolean][] }[] = [
  { group: "GROUP_COMMON", modules: [["COMM3", true]] },
  {
    group: "GROUP_REGISTRATION",
    modules: [
      ["REG3", true],
      ["USERNAMEREG3", true],
      ["MOBILENUMREG3", false],
      ["MOBILENUMPASSREG3", true],
      ["REGMOBVERF3", false],
    ],
  },
  {
    group: "GROUP_LOGIN",
    modules: [
      ["MOBILEVERCODELOGIN3", true],
      ["VERIFICATION3", true],
      ["LOGINIPVERF3", false],
    ],
  },
  {
    group: "GROUP_PASSWORD",
    modules: [
      ["PASS3", true],
      ["PWDEXPFORCECHANGE3", true],
      ["CHNGPASSVERIF3", true],
      ["CHNGPASSMAIL3", true],
      ["PWRESETSMS3", true],
    ],
  },
  {
    group: "GROUP_PROFILE",
    modules: [
      ["FREEPLAY3", true],
      ["CAPTCHA3", true],
      ["GEETEST3", false],
      ["AFFMAN3", true],
      ["PROFPIC3", true],
      ["GOOGLELOGIN3", true],
      ["FBLOGIN3", true],
    ],
  },
  {
    group: "GROUP_GAMES",
    modules: [
      ["GAMELO3", true],
      ["GAMELOHOT3", true],
      ["GAMELOFAV3", true],
      ["GAMELOREC3", true],
    ],
  },
  {
    group: "GROUP_WALLET",
    modules: [
      ["FUNDTRANS3", true],
      ["REWCEN3", true],
      ["PTSYS3", true],
      ["MEMTRANS3", true],
      ["MANPLAYREB3", true],
      ["REFERRAL3", true],
    ],
  },
  {
    group: "GROUP_MESSAGING",
    modules: [
      ["INBOX3", true],
      ["OUTBOX3", true],
      ["SENDMAIL3", true],
      ["FEEDBACK3", true],
      ["CBS3", true],
    ],
  },
  {
    group: "GROUP_AGENT",
    modules: [
      ["AGEANNOUNCE3", true],
      ["AGEINFO3", true],
      ["AGEDOWNMAN3", true],
      ["PERSPNL3", true],
      ["RTSALARY3", true],
      ["SIGNCONDIV3", true],
      ["DAILYSALCONT3", true],
      ["HOURSAL3", true],
    ],
  },
  {
    group: "GROUP_WITHDRAW",
    modules: [
      ["BINDCARD3", true],
      ["WTHDRW3", true],
      ["WDRAWNOPASSVERIF3", false],
      ["PAYMENTPASS3", true],
    ],
  },
  {
    group: "GROUP_DEPOSIT",
    modules: [
      ["DEPREC3", true],
      ["DPSTBAS3", true],
    ],
  },
  { group: "GROUP_OTHER", modules: [["MISSIONLB3", true]] },
];

export interface VendorSeed {
  vassalage: string;
  displayName: string;
  hot?: boolean;
  classify?: string[];
}

/** Lanes in display order; each vendor's gameClassify is its lane plus `classify`. */
export const vendorLanes: { gameType: string; vendors: VendorSeed[] }[] = [
  {
    gameType: "LIVE",
    vendors: [
      { vassalage: "EVO", displayName: "Evolution", hot: true },
      { vassalage: "SEXY", displayName: "AE Sexy" },
      { vassalage: "DG", displayName: "Dream Gaming" },
    ],
  },
  {
    gameType: "SPORTS",
    vendors: [
      { vassalage: "SABA", displayName: "SABA Sports", hot: true },
      { vassalage: "DS88", displayName: "DS88 Sabong" },
      { vassalage: "BTI", displayName: "BTi Sports" },
    ],
  },
  {
    gameType: "FISH",
    vendors: [
      { vassalage: "JLFISH", displayName: "JILI Fishing", hot: true },
      { vassalage: "JDBFISH", displayName: "JDB Fishing" },
    ],
  },
  {
    gameType: "RNG",
    vendors: [
      { vassalage: "PNG", displayName: "Play'n Go" },
      { vassalage: "PP", displayName: "Pragmatic Play", hot: true },
      { vassalage: "PG", displayName: "PG Soft", hot: true },
      { vassalage: "NE2", displayName: "NetEnt" },
      { vassalage: "PTU", displayName: "Playtech" },
      { vassalage: "HB", displayName: "Habanero" },
      { vassalage: "JL", displayName: "JILI", hot: true },
      { vassalage: "JLRNG", displayName: "JILI Slots" },
      { vassalage: "FC", displayName: "FA CHAI" },
      { vassalage: "BNG", displayName: "BNG" },
      { vassalage: "CQ9", displayName: "CQ9" },
      { vassalage: "SPRIBE", displayName: "Spribe", classify: ["CRASH"] },
      { vassalage: "JDB", displayName: "JDB" },
      { vassalage: "RT", displayName: "Red Tiger" },
      { vassalage: "YGG", displayName: "Yggdrasil" },
    ],
  },
  {
    gameType: "PVP",
    vendors: [
      { vassalage: "KM", displayName: "Kingmaker" },
      { vassalage: "V8", displayName: "V8 Poker" },
    ],
  },
  {
    gameType: "ESPORTS",
    vendors: [
      { vassalage: "TF", displayName: "TF Gaming" },
      { vassalage: "IA", displayName: "IA Esports" },
    ],
  },
  {
    gameType: "COCKFIGHT",
    vendors: [
      { vassalage: "SV388", displayName: "SV388", hot: true },
      { vassalage: "WS168", displayName: "WS168" },
    ],
  },
  {
    gameType: "LOTT",
    vendors: [
      { vassalage: "TCG_SEA", displayName: "SEA Lottery" },
      { vassalage: "TCG_LOTTO_VN", displayName: "Vietnam Lottery" },
    ],
  },
  { gameType: "ELOTT", vendors: [{ vassalage: "TCG", displayName: "TC Lottery" }] },
  { gameType: "CRICKET", vendors: [{ vassalage: "9WICKETS", displayName: "9Wickets" }] },
  { gameType: "BGS", vendors: [{ vassalage: "BGS", displayName: "Blockchain Games" }] },
];
