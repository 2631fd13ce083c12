/**
 * A payment method's brand mark, drawn here (decision 039): the contract gives a deposit method a
 * code and a name but no icon, so the web front draws a small mark per method code, in the brand's
 * colours, beside the method's name (which stays the accessible text: the mark is decorative).
 * An unknown code gets a plain wallet.
 */

type Mark = { bg: string; art: string };

// Each mark on a 24×24 canvas: a rounded tile in the brand's colour and a white (or coloured) sign.
const MARKS: Record<string, Mark> = {
  // bKash: a pink tile with a white origami bird.
  BKASH: { bg: "#e2136e", art: '<path d="M5 8l7 3 7-5-3 11-4-4-5 3 2-5z" fill="#fff"/><path d="M12 11l4 2-4 0z" fill="#f7a1c4"/>' },
  // Nagad: orange to red with a white curl.
  NAGAD: {
    bg: "url(#pm-nagad)",
    art: '<path d="M7 16c-2-5 2-10 7-9 3 1 4 5 1 7-2 1-4 0-4-2" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>',
  },
  // Rocket (Dutch-Bangla Bank's mobile money): purple with a white rocket.
  ROCKET: {
    bg: "#8c3494",
    art: '<path d="M15 5c2 0 4 2 4 4l-6 6-4-4z" fill="#fff"/><path d="M9 11l-3 1 2-3zM13 15l-1 3 3-2zM8 16l-2 2" fill="#fff" stroke="#fff" stroke-width="1.2" stroke-linecap="round"/><circle cx="15" cy="9" r="1.3" fill="#8c3494"/>',
  },
  // UPI: two chevrons, orange and green, on white.
  UPI: { bg: "#fff", art: '<path d="M7 5l5 7-5 7 2-7z" fill="#f58220"/><path d="M12 5l5 7-5 7 2-7z" fill="#0f9d58"/>' },
  // Bank transfer: a white bank.
  MT: {
    bg: "#1f5fbf",
    art: '<path d="M12 4l8 4H4z" fill="#fff"/><path d="M6 10h2v6H6zM11 10h2v6h-2zM16 10h2v6h-2zM4 17h16v2H4z" fill="#fff"/>',
  },
  // USDT (Tether): teal with a white T and its ring.
  USDT: {
    bg: "#26a17b",
    art: '<path d="M6 6h12v3h-4.5v10h-3V9H6z" fill="#fff"/><ellipse cx="12" cy="11" rx="6.5" ry="1.8" fill="none" stroke="#fff" stroke-width="1.2"/>',
  },
  // GCash: blue with a white G.
  GCASH: { bg: "#007dfe", art: '<path d="M17 8a6 6 0 1 0 1 5h-5" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>' },
  // A payment gateway or a card: a card.
  PG: {
    bg: "#3b3f58",
    art: '<rect x="4" y="7" width="16" height="11" rx="2" fill="#fff"/><path d="M4 10h16v2H4z" fill="#3b3f58"/><circle cx="15" cy="15" r="1.6" fill="#eb001b"/><circle cx="17" cy="15" r="1.6" fill="#f79e1b"/>',
  },
  CARD: {
    bg: "#3b3f58",
    art: '<rect x="4" y="7" width="16" height="11" rx="2" fill="#fff"/><path d="M4 10h16v2H4z" fill="#3b3f58"/><circle cx="15" cy="15" r="1.6" fill="#eb001b"/><circle cx="17" cy="15" r="1.6" fill="#f79e1b"/>',
  },
  // A QR code payment.
  QR: {
    bg: "#111827",
    art: '<path d="M5 5h6v6H5zM13 5h6v6h-6zM5 13h6v6H5z" fill="none" stroke="#fff" stroke-width="1.6"/><path d="M7 7h2v2H7zM15 7h2v2h-2zM7 15h2v2H7zM13 13h2v2h-2zM17 13h2v2h-2zM15 15h2v2h-2zM13 17h2v2h-2zM17 17h2v2h-2z" fill="#fff"/>',
  },
  // Person to person.
  C2C: {
    bg: "#0e7490",
    art: '<path d="M5 9h11l-3-3M19 15H8l3 3" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>',
  },
  // The VIP channel: a crown.
  VIP: { bg: "#3a0ca3", art: '<path d="M5 17l-1-9 4 3 4-6 4 6 4-3-1 9z" fill="#f7c948"/>' },
};
// Aliases a platform may use for the same brands.
const ALIASES: Record<string, string> = {
  BANK: "MT",
  BANK_TRANSFER: "MT",
  LOCAL_BANK: "MT",
  USDT_TRC20: "USDT",
  CRYPTO: "USDT",
  VISA: "CARD",
  MASTERCARD: "CARD",
};

const WALLET: Mark = {
  bg: "#475569",
  art: '<rect x="4" y="7" width="16" height="11" rx="2" fill="none" stroke="#fff" stroke-width="1.8"/><path d="M14 11h6v4h-6z" fill="#fff"/>',
};

/** The mark for a method code (the brand's, else a plain wallet); exported for tests. */
export function paymentMark(code: string): { known: boolean; mark: Mark } {
  const key = code.toUpperCase();
  const mark = MARKS[key] ?? MARKS[ALIASES[key] ?? ""];
  return { known: mark !== undefined, mark: mark ?? WALLET };
}

export function PaymentMark({ code, size = 20 }: { code: string; size?: number }) {
  const { mark } = paymentMark(code);
  const gradient = mark.bg.startsWith("url(#pm-nagad)")
    ? '<defs><linearGradient id="pm-nagad" x2="1" y2="1"><stop stop-color="#f7941d"/><stop offset="1" stop-color="#ed1c24"/></linearGradient></defs>'
    : "";
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className="shrink-0 rounded-[5px]"
      data-mark={code}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: static drawings from the table above (never operator text)
      dangerouslySetInnerHTML={{ __html: `${gradient}<rect width="24" height="24" rx="5" fill="${mark.bg}"/>${mark.art}` }}
    />
  );
}
