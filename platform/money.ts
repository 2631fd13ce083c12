// Money is stored as integer minor units (1/100 of the currency) and shown on the wire as a
// number with at most two decimals.

export function toMajor(minor: number): number {
  return minor / 100;
}

/** "5000", "12.5", 12.34 → minor units; null for anything with more than 2 decimals or not finite. */
export function parseAmount(input: string | number): number | null {
  const text = typeof input === "number" ? String(input) : input.trim();
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -minor : minor;
}

export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}${whole}.${String(abs % 100).padStart(2, "0")}`;
}
