import { constants, createPublicKey, type KeyObject, publicEncrypt, randomInt } from "node:crypto";
import forge from "node-forge";

// The contract's encrypted-call handshake (docs/PLATFORM-CONTRACT.md §2), client side.
// DES comes from node-forge because OpenSSL 3 in Node 20 does not offer it
// (docs/decisions/003-des-with-node-forge.md); RSA is the classic unpadded
// little-endian scheme of the operator's RSAKeyPair/encryptedString: the byte packing is ours,
// the raw RSA step node:crypto's (decision 052).

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

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

/** The platform's public keys by modulus (one platform has one; a handful covers a key change). */
const publicKeys = new Map<string, KeyObject>();

function publicKeyOf(modulusHex: string): KeyObject {
  let key = publicKeys.get(modulusHex);
  if (!key) {
    const hex = modulusHex.length % 2 ? `0${modulusHex}` : modulusHex;
    key = createPublicKey({ key: { kty: "RSA", n: Buffer.from(hex, "hex").toString("base64url"), e: "AQAB" }, format: "jwk" });
    if (publicKeys.size >= 4) publicKeys.clear();
    publicKeys.set(modulusHex, key);
  }
  return key;
}

/**
 * RSAKeyPair/encryptedString: characters packed little-endian into chunks of
 * 2 × (highest 16-bit digit index) bytes, zero-padded, m^65537 mod n with no padding,
 * each chunk as lower-case hex of whole 16-bit digits, chunks joined by spaces.
 */
export function rsaEncryptClassic(text: string, modulusHex: string): string {
  const hex = modulusHex.trim().toLowerCase().replace(/^0+/, "");
  if (!/^[0-9a-f]+$/.test(hex)) throw new Error("the platform's RSA modulus is not hex");
  const key = publicKeyOf(hex);
  const modulusBytes = Math.ceil(hex.length / 2);
  // Twice the index of the modulus's highest 16-bit digit, as the classic BigInt library counts.
  const chunkSize = 2 * (Math.ceil(hex.length / 4) - 1);
  if (chunkSize < 2) throw new Error("the platform's RSA modulus is too short");
  const codes = Array.from(text, (c) => c.charCodeAt(0) & 0xff);
  while (codes.length % chunkSize !== 0) codes.push(0);
  const chunks: string[] = [];
  for (let i = 0; i < codes.length; i += chunkSize) {
    // The chunk's number, first character least significant, as the modulus's big-endian bytes.
    const m = Buffer.alloc(modulusBytes);
    for (let k = 0; k < chunkSize; k++) m[modulusBytes - 1 - k] = codes[i + k] ?? 0;
    const c = publicEncrypt({ key, padding: constants.RSA_NO_PADDING }, m).toString("hex").replace(/^0+/, "") || "0";
    chunks.push(c.padStart(Math.ceil(c.length / 4) * 4, "0"));
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
