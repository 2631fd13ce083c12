import { randomInt } from "node:crypto";
import CryptoJS from "crypto-js";

// The client side of the contract's §2 handshake, written independently of platform/crypto.ts:
// crypto-js for DES (the library of the operator's own encrypt.js) and BigInt for the classic
// RSAKeyPair/encryptedString routine. Tests use it to prove byte compatibility.

function powMod(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

/**
 * encryptedString(RSAKeyPair("10001", "", modulus), text): characters packed little-endian into
 * chunks of 2 × (highest 16-bit digit index of n) bytes, zero-padded, m^e mod n, each chunk as hex
 * in whole 16-bit digits, chunks joined by spaces.
 */
export function encryptedString(modulusHex: string, text: string): string {
  const n = BigInt("0x" + modulusHex);
  const highIndex = Math.ceil(modulusHex.replace(/^0+/, "").length / 4) - 1;
  const chunkSize = 2 * highIndex;
  const codes = [...text].map((ch) => ch.charCodeAt(0));
  while (codes.length % chunkSize !== 0) codes.push(0);
  const out: string[] = [];
  for (let start = 0; start < codes.length; start += chunkSize) {
    let block = 0n;
    for (let k = chunkSize - 1; k >= 0; k--) block = (block << 8n) | BigInt(codes[start + k]!);
    const hex = powMod(block, 0x10001n, n).toString(16);
    out.push(hex.padStart(Math.ceil(hex.length / 4) * 4, "0"));
  }
  return out.join(" ");
}

export function randomSecret(length = 16): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export function desEncryptJs(text: string, key: string): string {
  return CryptoJS.DES.encrypt(text, CryptoJS.enc.Utf8.parse(key), { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 }).toString();
}

/** desDecrypt of encrypt.js: base64 DES-ECB with the UTF-8 key. */
export function desDecryptJs(base64: string, key: string): string {
  return CryptoJS.DES.decrypt(base64, CryptoJS.enc.Utf8.parse(key), { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 }).toString(
    CryptoJS.enc.Utf8,
  );
}

/** What a client sends for an encrypted call: DES body text and the Encryption header. */
export function encryptPayload(payload: unknown, modulusHex: string, secret = randomSecret()) {
  const des = desEncryptJs(JSON.stringify(payload), secret);
  const rsa = encryptedString(modulusHex, [...secret].reverse().join(""));
  return { des, rsa, secret };
}

/** Customer-service path: last 8 characters are the key, the rest the ciphertext. */
export function decryptCustomerServicePath(path: string): string {
  return desDecryptJs(path.slice(0, -8), path.slice(-8));
}
