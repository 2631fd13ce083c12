import { htmlLang, type Language, message, type MessageKey } from "../messages";
import { formatMinor } from "../money";
import type { BetOutcome, Round } from "../services/bets";
import { PAYLINES, type Paytable, SYMBOL_IDS, type SymbolId } from "./slot";

// The demo game pages (decision 014): plain HTML with inline CSS, made for a 360 px phone, working
// without JavaScript (a form per round, a redirect to the result). A small inline script animates
// the result and tells a framing page to refresh its balance. No external assets, no web fonts.

// ---------------------------------------------------------------- texts

// Texts live in the platform's dictionaries (locales/*.json) under play.text.* and play.symbol.*.
type TextKey = { [K in MessageKey]: K extends `play.text.${infer R}` ? R : never }[MessageKey];

function t(key: TextKey, lang: Language, vars: Record<string, string | number> = {}): string {
  return message(`play.text.${key}`, lang, vars);
}

function symbolName(symbol: SymbolId, lang: Language): string {
  return message(`play.symbol.${symbol}`, lang);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Minor units as "৳ 1,234.50". */
const money = (minor: number, symbol: string) => `${symbol} ${formatMinor(minor)}`;
/** Hundredths or a two-decimal number as "2.35×". */
const times = (multiplier: number) => `${multiplier.toFixed(2)}×`;

// ---------------------------------------------------------------- frame

const CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#0d1020 linear-gradient(180deg,#171b33 0,#0d1020 320px) no-repeat;color:#e9ecf7;
font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Bengali","Noto Sans",sans-serif}
main{max-width:440px;margin:0 auto;padding:8px 10px 24px}
header.top{display:flex;align-items:center;gap:8px;margin:2px 0 8px}
h1{font-size:18px;line-height:1.25;margin:0;flex:1;min-width:0;overflow-wrap:anywhere}
.badge{flex:none;font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#1b1300;background:#f5b82e;border-radius:999px;padding:3px 9px}
.wallet{display:flex;justify-content:space-between;align-items:baseline;background:#1a1f3a;border:1px solid #2a3158;border-radius:12px;padding:6px 12px;margin-bottom:8px}
.wallet span{color:#9aa3c7;font-size:13px}
.wallet strong{font-size:18px;font-variant-numeric:tabular-nums}
.msg{border-radius:10px;padding:9px 12px;margin:0 0 10px;font-size:14px}
.msg.err{background:#3a1520;border:1px solid #7a2436;color:#ffd3da}
.stage{background:#151a33;border:1px solid #2a3158;border-radius:16px;padding:8px;margin-bottom:8px;text-align:center}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;max-width:min(300px,36vh);margin:0 auto}
.cell{aspect-ratio:1;background:radial-gradient(circle at 50% 35%,#2b3260,#1b2042);border-radius:12px;display:flex;align-items:center;justify-content:center;border:2px solid transparent}
.cell svg{width:70%;height:70%}
.cell.hit{border-color:#f5b82e;box-shadow:0 0 0 2px rgba(245,184,46,.25),0 0 14px rgba(245,184,46,.45)}
.played .cell{animation:drop .45s cubic-bezier(.2,.9,.3,1.2) both}
.played .r1{animation-delay:.12s}.played .r2{animation-delay:.24s}
@keyframes drop{from{transform:translateY(-40%);opacity:0}to{transform:none;opacity:1}}
.outcome{margin:6px 0 0;font-size:17px;font-weight:700}
.win .outcome{color:#3ddc84}.lose .outcome{color:#ff7a85}.idle .outcome{color:#9aa3c7;font-weight:500;font-size:15px}
.detail{margin:4px 0 0;color:#9aa3c7;font-size:13px}
.detail li{list-style:none}
.detail ul{margin:4px 0 0;padding:0}
.crash{position:relative;height:150px;border-radius:12px;background:linear-gradient(180deg,#1b2146,#121631);overflow:hidden}
.crash svg{position:absolute;inset:0;width:100%;height:100%}
.point{position:absolute;left:0;right:0;top:38px;font-size:40px;font-weight:800;font-variant-numeric:tabular-nums;letter-spacing:-.02em}
.win .point{color:#3ddc84}.lose .point{color:#ff7a85}.idle .point{color:#5d6694}
form.bet{background:#151a33;border:1px solid #2a3158;border-radius:16px;padding:10px}
fieldset{border:0;margin:0 0 10px;padding:0;min-width:0}
legend,.field>label{display:block;font-size:13px;color:#9aa3c7;margin-bottom:6px;padding:0}
.stakes{display:grid;grid-template-columns:repeat(auto-fit,minmax(40px,1fr));gap:4px}
.chip{position:relative;display:block}
.chip input{position:absolute;opacity:0;inset:0;margin:0;width:100%;height:100%;cursor:pointer}
.chip span{display:block;text-align:center;padding:9px 1px;border-radius:10px;background:#222849;border:1px solid #323a6a;font-weight:600;font-size:13px;font-variant-numeric:tabular-nums;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.chip input:checked+span{background:#f5b82e;border-color:#f5b82e;color:#1b1300}
.chip input:focus-visible+span{outline:2px solid #fff;outline-offset:2px}
.field{margin:0 0 12px}
.mult{display:flex;align-items:center;gap:8px}
.mult input{flex:1;min-width:0;font:inherit;font-size:17px;font-weight:600;color:#e9ecf7;background:#222849;border:1px solid #323a6a;border-radius:10px;padding:9px 10px}
.mult input:focus{outline:2px solid #f5b82e;outline-offset:1px}
.mult .x{color:#9aa3c7;font-size:17px;font-weight:600}
.hint{margin:4px 0 0;color:#6f789f;font-size:12px}
.crash-verdict{margin:0}
.board-title{margin:0 0 6px;font-size:15px;font-weight:700}
.stage.board-stage{text-align:left}
button.go{width:100%;font:inherit;font-size:18px;font-weight:800;letter-spacing:.02em;color:#1b1300;background:linear-gradient(180deg,#ffd25e,#f0a81c);border:0;border-radius:12px;padding:13px;cursor:pointer;box-shadow:0 3px 0 #a86f05}
button.go:active{transform:translateY(2px);box-shadow:0 1px 0 #a86f05}
button.go:disabled{opacity:.6}
details{margin-top:12px;background:#151a33;border:1px solid #2a3158;border-radius:12px;padding:8px 12px}
summary{cursor:pointer;font-weight:600}
table{width:100%;border-collapse:collapse;margin-top:6px;font-size:14px}
td,th{padding:5px 4px;border-top:1px solid #262d52;text-align:left;vertical-align:middle}
th{color:#9aa3c7;font-weight:500;font-size:12px}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.sym{display:inline-flex;gap:2px;vertical-align:middle}.sym svg{width:22px;height:22px}
.foot{color:#6f789f;font-size:12px;margin:12px 2px 0}
.board td{vertical-align:top}
.balls{display:flex;flex-wrap:wrap;gap:4px}
.ball{display:inline-flex;align-items:center;justify-content:center;min-width:26px;height:26px;padding:0 4px;border-radius:13px;background:#f5b82e;color:#1b1300;font-weight:700;font-size:13px;font-variant-numeric:tabular-nums}
.back{display:inline-block;margin-bottom:10px;color:#f5b82e;text-decoration:none;font-weight:600}
.back:focus-visible{outline:2px solid #fff;outline-offset:2px}
.ended{text-align:center;padding:64px 16px}
.ended p{font-size:17px}
@media (prefers-reduced-motion:reduce){.played .cell{animation:none}}
`;

/** The script: disables the button while a form posts, counts a crash point up, then asks the framing page to refresh its balance. */
const SCRIPT = `(function(){
var f=document.querySelector("form.bet");
if(f)f.addEventListener("submit",function(){var b=f.querySelector("button.go");if(b){b.disabled=true;}});
var r=document.querySelector("[data-round]");
if(!r)return;
function done(){window.parent !== window && parent.postMessage({type: "wps:balance"}, "*");}
var p=r.querySelector("[data-crash-point]");
var still=window.matchMedia&&window.matchMedia("(prefers-reduced-motion: reduce)").matches;
if(!p||still){setTimeout(done,p?0:700);return;}
var end=parseFloat(p.getAttribute("data-crash-point")),text=p.textContent,t0=0,ms=Math.min(1600,400+Math.log(end)*500);
function step(t){if(!t0)t0=t;var k=Math.min(1,(t-t0)/ms);p.textContent=Math.pow(end,k).toFixed(2)+"\\u00d7";if(k<1)requestAnimationFrame(step);else{p.textContent=text;done();}}
requestAnimationFrame(step);
})();`;

function page(lang: Language, title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="${htmlLang(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>${script ? `\n<script>${SCRIPT}</script>` : ""}
</body>
</html>`;
}

// ---------------------------------------------------------------- slot symbols (inline SVG)

const SYMBOL_ART: Record<SymbolId, string> = {
  cherry:
    `<path d="M22 42C25 27 34 16 47 10M43 44C42 30 44 19 47 10" stroke="#3f9b3a" stroke-width="3.5" fill="none" stroke-linecap="round"/>` +
    `<path d="M47 10c6 2 10 6 11 12-6 0-10-4-11-12z" fill="#54b948"/>` +
    `<circle cx="22" cy="46" r="11" fill="#e3263d"/><circle cx="43" cy="48" r="11" fill="#c8102e"/>` +
    `<circle cx="18" cy="42" r="3" fill="#fff" opacity=".55"/><circle cx="39" cy="44" r="3" fill="#fff" opacity=".55"/>`,
  lemon:
    `<path d="M10 34c0-11 10-20 22-20s22 9 22 20-10 20-22 20-22-9-22-20z" fill="#f7dc2c" transform="rotate(-18 32 34)"/>` +
    `<path d="M8 36l-4 2 4 2zM56 28l4-2-3-3z" fill="#e5c21a"/><ellipse cx="25" cy="27" rx="7" ry="3" fill="#fff" opacity=".45" transform="rotate(-25 25 27)"/>`,
  orange:
    `<circle cx="32" cy="36" r="20" fill="#f7901e"/><path d="M32 16c2-6 8-9 14-8-2 6-8 9-14 8z" fill="#54b948"/>` +
    `<circle cx="25" cy="29" r="4" fill="#fff" opacity=".4"/>`,
  grape:
    `<path d="M32 12v8" stroke="#6b4b2a" stroke-width="3" stroke-linecap="round"/><path d="M33 14c5-4 11-4 15 0-5 3-10 3-15 0z" fill="#54b948"/>` +
    [
      [24, 24],
      [40, 24],
      [32, 26],
      [20, 35],
      [32, 37],
      [44, 35],
      [26, 47],
      [38, 47],
      [32, 56],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="7.5" fill="#8e44c9"/><circle cx="${x! - 2}" cy="${y! - 2}" r="2" fill="#fff" opacity=".45"/>`,
      )
      .join(""),
  bell:
    `<path d="M32 8c-2 0-3 1-3 3v2c-9 2-14 10-14 20v9l-5 6h44l-5-6v-9c0-10-5-18-14-20v-2c0-2-1-3-3-3z" fill="#f5b82e"/>` +
    `<circle cx="32" cy="53" r="5" fill="#d48a06"/><path d="M23 26c2-5 5-7 9-8" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" opacity=".5"/>`,
  star: `<path d="M32 6l7.6 16.4 17.9 2.1-13.2 12.2 3.5 17.7L32 45.6l-15.8 8.8 3.5-17.7L6.5 24.5l17.9-2.1z" fill="#ffd23f" stroke="#e0a800" stroke-width="2" stroke-linejoin="round"/>`,
  diamond:
    `<path d="M18 12h28l12 14-26 30L6 26z" fill="#4fd1e8"/><path d="M6 26h52M18 12l8 14 6 30 6-30 8-14M26 26h12" stroke="#1b8fb0" stroke-width="2" fill="none" stroke-linejoin="round"/>` +
    `<path d="M18 12l8 14H6z" fill="#a4eefa"/>`,
  seven: `<path d="M13 10h38v9L34 56H21l16-35H13z" fill="#ff3b4e" stroke="#9c0f1f" stroke-width="2.5" stroke-linejoin="round"/>`,
};

function symbolSvg(symbol: SymbolId, lang: Language): string {
  const name = symbolName(symbol, lang);
  return `<svg viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(name)}" data-symbol="${symbol}"><title>${escapeHtml(name)}</title>${SYMBOL_ART[symbol]}</svg>`;
}

// ---------------------------------------------------------------- game page

export interface GamePageView {
  token: string;
  lang: Language;
  gameName: string;
  kind: "slot" | "crash" | "none";
  trial: boolean;
  currencySymbol: string;
  /** Minor units. */
  balance: number;
  /** Minor units, as offered. */
  stakes: number[];
  selectedStake: number;
  /** The cash-out field's value, e.g. "2.00". */
  cashOut: string;
  /** Fresh per render: a resent form plays the same round once. */
  roundKey: string;
  rtp: number;
  paytable?: Paytable;
  round?: Round | null;
  /** A refusal to show above the form. */
  error?: MessageKey;
  errorVars?: Record<string, string | number>;
  /** False: no form (maintenance, not playable). */
  canBet: boolean;
}

/** Cells on a winning line are marked; rows top to bottom, reels left to right. */
function reelsHtml(reels: readonly (readonly SymbolId[])[], hits: Set<string>, lang: Language): string {
  const cells: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let reel = 0; reel < 3; reel++) {
      const symbol = reels[reel]![row]!;
      const hit = hits.has(`${row}:${reel}`) ? " hit" : "";
      cells.push(`<div class="cell r${reel}${hit}">${symbolSvg(symbol, lang)}</div>`);
    }
  }
  return `<div class="reels">${cells.join("")}</div>`;
}

/** Before the first spin: a fixed, friendly grid. */
const IDLE_REELS: SymbolId[][] = [
  ["cherry", "seven", "bell"],
  ["star", "seven", "diamond"],
  ["lemon", "seven", "grape"],
];

function slotResult(view: GamePageView, round: Round & { outcome: Extract<BetOutcome, { game: "slot" }> }): string {
  const { lang, currencySymbol } = view;
  const hits = new Set<string>();
  for (const line of round.outcome.lines) {
    const rows = PAYLINES[line.line];
    if (!rows) continue;
    for (let reel = 0; reel < line.count; reel++) hits.add(`${rows[reel]}:${reel}`);
  }
  const lines = round.outcome.lines
    .map((line) => {
      const what = line.count === 2 ? t("twoCherries", lang) : t("three", lang, { symbol: symbolName(line.symbol, lang) });
      const amount = money(Math.floor((round.stake * line.percent) / 100), currencySymbol);
      return `<li>${escapeHtml(t("lineWin", lang, { line: line.line + 1, what, amount }))}</li>`;
    })
    .join("");
  return `${reelsHtml(round.outcome.reels, hits, lang)}
<p class="outcome">${escapeHtml(round.win > 0 ? t("won", lang, { amount: money(round.win, currencySymbol) }) : t("noWin", lang))}</p>
<div class="detail">${escapeHtml(t("roundOf", lang, { id: round.betId, stake: money(round.stake, currencySymbol) }))}${lines ? `<ul>${lines}</ul>` : ""}</div>`;
}

/** The multiplier's climb as a curve up to the crash point, with the cash-out as a dashed line. */
function crashChart(point: number, target: number | null, won: boolean | null): string {
  const top = Math.max(point, target ?? 1, 2) * 1.15;
  const y = (m: number) => 140 - ((m - 1) / (top - 1)) * 120;
  const samples = Array.from({ length: 25 }, (_, i) => {
    const k = i / 24;
    return `${(10 + k * 280).toFixed(1)},${y(point ** k).toFixed(1)}`;
  });
  const colour = won === null ? "#5d6694" : won ? "#3ddc84" : "#ff7a85";
  const line =
    target === null
      ? ""
      : `<path d="M0 ${y(target).toFixed(1)}H300" stroke="#f5b82e" stroke-width="1.5" stroke-dasharray="6 5" opacity=".8"/>`;
  return `<svg viewBox="0 0 300 150" preserveAspectRatio="none" aria-hidden="true">${line}<polyline points="${samples.join(" ")}" fill="none" stroke="${colour}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/></svg>`;
}

function crashResult(view: GamePageView, round: Round & { outcome: Extract<BetOutcome, { game: "crash" }> }): string {
  const { lang, currencySymbol } = view;
  const { crashPoint, target, cashedOut } = round.outcome;
  const verdict = cashedOut ? t("cashedOutAt", lang, { target: times(target) }) : t("notReached", lang, { target: times(target) });
  return `<div class="crash">${crashChart(crashPoint, target, cashedOut)}<div class="point" data-crash-point="${crashPoint.toFixed(2)}">${times(crashPoint)}</div></div>
<p class="outcome">${escapeHtml(round.win > 0 ? t("won", lang, { amount: money(round.win, currencySymbol) }) : t("noWin", lang))}</p>
<div class="detail"><p class="crash-verdict">${escapeHtml(t("crashedAt", lang, { point: times(crashPoint) }))} · ${escapeHtml(verdict)}</p>${escapeHtml(
    t("roundOf", lang, { id: round.betId, stake: money(round.stake, currencySymbol) }),
  )}</div>`;
}

function resultHtml(view: GamePageView): string {
  const { round, lang } = view;
  if (round && round.outcome.game === "slot" && view.kind === "slot") {
    const state = round.win > 0 ? "win" : "lose";
    return `<section class="stage played ${state}" data-testid="play-result" data-state="${state}" data-round="${round.betId}" aria-live="polite">${slotResult(view, { ...round, outcome: round.outcome })}</section>`;
  }
  if (round && round.outcome.game === "crash" && view.kind === "crash") {
    const state = round.win > 0 ? "win" : "lose";
    return `<section class="stage ${state}" data-testid="play-result" data-state="${state}" data-round="${round.betId}" aria-live="polite">${crashResult(view, { ...round, outcome: round.outcome })}</section>`;
  }
  const visual =
    view.kind === "crash"
      ? `<div class="crash">${crashChart(1.5, null, null)}<div class="point">1.00×</div></div>`
      : reelsHtml(IDLE_REELS, new Set(), lang);
  const hint = view.kind === "crash" ? t("readyCrash", lang) : t("readySlot", lang);
  return `<section class="stage idle" data-testid="play-result" data-state="idle" aria-live="polite">${visual}<p class="outcome">${escapeHtml(view.canBet ? hint : "")}</p></section>`;
}

const plainAmount = (minor: number) => (minor / 100).toFixed(2);

function formHtml(view: GamePageView): string {
  const { lang } = view;
  const chips = view.stakes
    .map(
      (stake) =>
        `<label class="chip"><input type="radio" name="stake" value="${plainAmount(stake)}"${stake === view.selectedStake ? " checked" : ""}><span>${formatMinor(stake)}</span></label>`,
    )
    .join("");
  const cashOut =
    view.kind === "crash"
      ? `<div class="field"><label for="cashOut">${escapeHtml(t("cashOut", lang))}</label><div class="mult"><input id="cashOut" name="cashOut" type="number" inputmode="decimal" min="1.01" max="100" step="0.01" value="${escapeHtml(view.cashOut)}" required><span class="x">×</span></div><p class="hint">${escapeHtml(t("cashOutHint", lang))}</p></div>`
      : "";
  return `<form class="bet" method="post" action="/play/${view.token}/bet">
<fieldset><legend>${escapeHtml(t("stake", lang))} (${escapeHtml(view.currencySymbol)})</legend><div class="stakes">${chips}</div></fieldset>
${cashOut}<input type="hidden" name="roundKey" value="${escapeHtml(view.roundKey)}">
<button type="submit" class="go" data-testid="play-submit">${escapeHtml(t(view.kind === "crash" ? "bet" : "spin", lang))}</button>
</form>`;
}

function paytableHtml(view: GamePageView): string {
  const { lang, paytable } = view;
  if (view.kind === "crash") {
    return `<details><summary>${escapeHtml(t("paytable", lang))}</summary><p class="detail">${escapeHtml(t("crashRules", lang))}</p></details>`;
  }
  if (!paytable) return "";
  const rows = [...SYMBOL_IDS].reverse().map((symbol) => {
    const art = symbolSvg(symbol, lang);
    return `<tr><td><span class="sym">${art}${art}${art}</span></td><td>${escapeHtml(t("three", lang, { symbol: symbolName(symbol, lang) }))}</td><td class="num">${times(paytable.three[symbol] / 100)}</td></tr>`;
  });
  const cherry = symbolSvg("cherry", lang);
  rows.push(
    `<tr><td><span class="sym">${cherry}${cherry}</span></td><td>${escapeHtml(t("twoCherries", lang))}</td><td class="num">${times(paytable.twoCherries / 100)}</td></tr>`,
  );
  return `<details><summary>${escapeHtml(t("paytable", lang))}</summary><p class="detail">${escapeHtml(t("linesNote", lang))}</p><table>${rows.join("")}</table></details>`;
}

export function renderGamePage(view: GamePageView): string {
  const { lang } = view;
  const error = view.error
    ? `<p class="msg err" role="alert" data-testid="play-error">${escapeHtml(message(view.error, lang, view.errorVars))}</p>`
    : "";
  const body = `<header class="top"><h1>${escapeHtml(view.gameName)}</h1><span class="badge">${escapeHtml(t("demo", lang))}</span></header>
<div class="wallet"><span>${escapeHtml(t(view.trial ? "trialBalance" : "balance", lang))}</span><strong data-testid="play-balance">${escapeHtml(money(view.balance, view.currencySymbol))}</strong></div>
${error}${view.kind === "none" ? "" : resultHtml(view)}
${view.canBet ? formHtml(view) : ""}
${paytableHtml(view)}
<p class="foot">${escapeHtml(t("demoNote", lang))} ${escapeHtml(t("rtp", lang, { rtp: view.rtp.toFixed(2) }))}</p>`;
  return page(lang, `${view.gameName} · ${t("demo", lang)}`, body, true);
}

// ---------------------------------------------------------------- lottery board

export interface BoardDraw {
  issue: string;
  numbers: string;
  drawnAt: Date;
}

export interface BoardView {
  lang: Language;
  /** The lottery's name, or null for a lobby launch (all games of a prize mode). */
  title: string | null;
  games: { code: string; name: string; draws: BoardDraw[] }[];
  backUrl: string | null;
  /** The operator's time zone: draw times read as they do on the site. */
  timeZone: string;
}

/** The same date and time style the site uses for its language (medium date, short time, Latin digits). */
function drawTimes(lang: Language, timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat(`${htmlLang(lang)}-u-nu-latn`, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (at) => format.format(at);
}

const balls = (numbers: string) =>
  `<span class="balls">${numbers
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean)
    .map((n) => `<span class="ball">${escapeHtml(n)}</span>`)
    .join("")}</span>`;

export function renderBoardPage(view: BoardView): string {
  const { lang } = view;
  const single = view.title !== null;
  const drawTime = drawTimes(lang, view.timeZone);
  const rows = view.games.flatMap((game) =>
    game.draws.map(
      (draw) =>
        `<tr>${single ? "" : `<td>${escapeHtml(game.name)}</td>`}<td>${escapeHtml(draw.issue)}<br><small class="detail">${escapeHtml(drawTime(draw.drawnAt))}</small></td><td>${balls(draw.numbers)}</td></tr>`,
    ),
  );
  const head = `<tr>${single ? "" : `<th>${escapeHtml(t("lottery", lang))}</th>`}<th>${escapeHtml(t("issue", lang))}</th><th>${escapeHtml(t("numbers", lang))}</th></tr>`;
  const table = rows.length
    ? `<table class="board" data-testid="play-draws">${head}${rows.join("")}</table>`
    : `<p class="detail">${escapeHtml(t("noDraws", lang))}</p>`;
  // A site that frames the board has its own way back: the board shows its back link only when it
  // is the whole page (opened in full screen), so a framed board never shows two.
  const back = view.backUrl
    ? `<a class="back" data-back hidden href="${escapeHtml(view.backUrl)}" target="_top">← ${escapeHtml(t("back", lang))}</a><script>if(window.top===window.self)document.querySelector("[data-back]").hidden=false</script>`
    : "";
  const title = view.title ?? t("lottery", lang);
  const body = `${back}<header class="top"><h1>${escapeHtml(title)}</h1><span class="badge">${escapeHtml(t("demo", lang))}</span></header>
<section class="stage board-stage" data-testid="play-result"><p class="board-title">${escapeHtml(t("latestDraws", lang))}</p>${table}</section>
<p class="foot">${escapeHtml(t("boardNote", lang))}</p>`;
  return page(lang, `${title} · ${t("demo", lang)}`, body);
}

// ---------------------------------------------------------------- ended and error pages

/** Unknown or expired token: in the launch's language when known, else in both. */
export function renderEndedPage(lang: Language | null): string {
  const langs: Language[] = lang ? [lang] : ["EN", "BN"];
  const text = langs.map((l) => `<p lang="${htmlLang(l)}">${escapeHtml(message("play.session.ended", l))}</p>`).join("");
  return page(lang ?? "EN", t("ended", lang ?? "EN"), `<section class="ended" data-testid="play-ended">${text}</section>`);
}

export function renderErrorPage(lang: Language | null): string {
  const langs: Language[] = lang ? [lang] : ["EN", "BN"];
  const text = langs.map((l) => `<p lang="${htmlLang(l)}">${escapeHtml(message("system.error", l))}</p>`).join("");
  return page(lang ?? "EN", t("error", lang ?? "EN"), `<section class="ended">${text}</section>`);
}
