import { randomInt } from "node:crypto";

// Referral codes are shown to players and typed by the people they invite: 8 characters nobody
// confuses (no 0/O, 1/I/L), drawn with node:crypto so that no code predicts another.
const REFERRAL_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}
