import { randomInt } from "node:crypto";
import forge from "node-forge";

// The contract's encrypted-call handshake (docs/PLATFORM-CONTRACT.md §2), client side.
// DES comes from node-forge because OpenSSL 3 in Node 20 does not offer it
// (docs/decisions/003-des-with-node-forge.md); RSA is the classic unpadded
// little-endian scheme of the operator's RSAKeyPair/encryptedString, done with BigInt.

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const RSA_EXPONENT = 0x10001n;

export function randomSecret(length = 16): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

function desKey(secret: string) {
  // DES uses the first 8 bytes of the key's UTF-8 form, as CryptoJS does.
  return forge.util.createBuffer(forge.util.encodeUtf8(secret).slice(0, 8));
}

/** DES-ECB with PKCS#7 padding, base64 out. */
export function desEncrypt(plaintext: string, secret: string): string {
  const cipher = forge.cipher.createCipher("DES-ECB", desKey(secret));
  cipher.start();
  cipher.update(forge.util.createBuffer(forge.util.encodeUtf8(plaintext)));
  cipher.finish();
  return forge.util.encode64(cipher.output.getBytes());
}

export function desDecrypt(base64: string, secret: string): string {
  const decipher = forge.cipher.createDecipher("DES-ECB", desKey(secret));
  decipher.start();
  decipher.update(forge.util.createBuffer(forge.util.decode64(base64)));
  if (!decipher.finish()) throw new Error("DES padding check failed");
  return forge.util.decodeUtf8(decipher.output.getBytes());
}

/** Customer-service paths: the last 8 characters are the key, the rest the ciphertext. */
export function decryptServicePath(path: string): string {
  if (path.length <= 8) throw new Error("encrypted path too short");
  return desDecrypt(path.slice(0, -8), path.slice(-8));
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** Number of 16-bit digits in n, as the classic BigInt library counts them. */
function digitCount(n: bigint): number {
  return Math.max(1, Math.ceil(n.toString(16).length / 4));
}

/**
 * RSAKeyPair/encryptedString: characters packed little-endian into chunks of
 * 2 × (highest 16-bit digit index) bytes, zero-padded, m^65537 mod n with no padding,
 * each chunk as lower-case hex of whole 16-bit digits, chunks joined by spaces.
 */
export function rsaEncryptClassic(text: string, modulusHex: string): string {
  const n = BigInt(`0x${modulusHex.trim()}`);
  const chunkSize = 2 * (digitCount(n) - 1);
  const codes = Array.from(text, (c) => c.charCodeAt(0) & 0xff);
  while (codes.length % chunkSize !== 0) codes.push(0);
  const chunks: string[] = [];
  for (let i = 0; i < codes.length; i += chunkSize) {
    let m = 0n;
    for (let k = chunkSize - 1; k >= 0; k--) m = (m << 8n) | BigInt(codes[i + k] ?? 0);
    const c = modPow(m, RSA_EXPONENT, n);
    const hex = c.toString(16);
    chunks.push(hex.padStart(Math.ceil(hex.length / 4) * 4, "0"));
  }
  return chunks.join(" ");
}

export type EncryptedRequest = {
  body: { value: string };
  headers: { Encryption: string; "X-Digest": string; "X-RSA": string };
};

/** Everything an encrypted call sends: the `{value}` body and the three headers. */
export function encryptPayload(payload: unknown, modulusHex: string, secret = randomSecret()): EncryptedRequest {
  const des = desEncrypt(JSON.stringify(payload), secret);
  const rsa = rsaEncryptClassic([...secret].reverse().join(""), modulusHex);
  return { body: { value: des }, headers: { Encryption: rsa, "X-Digest": des, "X-RSA": modulusHex.trim() } };
}
