// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PaymentMark, paymentMark } from "./payment-mark";

// Deposit methods' brand marks (decision 039): the contract names method codes (docs/PLATFORM-CONTRACT.md
// §5: MT, PG, QR…, BKASH, NAGAD, ROCKET, UPI, GCASH, USDT, C2C, VIP) but gives no icon.
const CONTRACT_CODES = ["MT", "PG", "QR", "BKASH", "NAGAD", "ROCKET", "UPI", "GCASH", "USDT", "C2C", "VIP"];

describe("payment marks", () => {
  it("draws a brand mark for every method code of the contract, decorative and valid SVG", () => {
    const marks = new Set<string>();
    for (const code of CONTRACT_CODES) {
      expect(paymentMark(code).known, code).toBe(true);
      const html = renderToStaticMarkup(<PaymentMark code={code} />);
      expect(html).toContain('aria-hidden="true"');
      expect(html).not.toMatch(/<text/);
      const doc = new DOMParser().parseFromString(html.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"'), "image/svg+xml");
      expect(doc.getElementsByTagName("parsererror"), code).toHaveLength(0);
      marks.add(paymentMark(code).mark.art);
    }
    // Each brand its own drawing (a gateway and a card may share one, not the wallets).
    expect(marks.size).toBe(CONTRACT_CODES.length);
  });

  it("falls back to a plain wallet for an unknown code, and reads aliases and lower case", () => {
    expect(paymentMark("SOMETHING_NEW").known).toBe(false);
    expect(renderToStaticMarkup(<PaymentMark code="SOMETHING_NEW" />)).toContain("<rect");
    expect(paymentMark("bkash").mark).toBe(paymentMark("BKASH").mark);
    expect(paymentMark("BANK").mark).toBe(paymentMark("MT").mark);
  });
});
