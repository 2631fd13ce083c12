import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import CryptoJS from "crypto-js";
import { describe, expect, it } from "vitest";
import { decryptServicePath, desDecrypt, desEncrypt, encryptPayload, randomSecret, rsaEncryptClassic } from "~/gateway/crypto.server";

// The oracle is independent of the code under test: BigInt for m^e mod n, node:crypto's private
// key for c^d mod n.
function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  for (let b = base % modulus, e = exponent; e > 0n; e >>= 1n, b = (b * b) % modulus) if (e & 1n) result = (result * b) % modulus;
  return result;
}

function keyPair() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024, publicExponent: 0x10001 });
  const jwk = privateKey.export({ format: "jwk" });
  const big = (b64url?: string) => BigInt(`0x${Buffer.from(b64url ?? "", "base64url").toString("hex")}`);
  return { n: big(jwk.n), privateKey, modulusHex: big(jwk.n).toString(16) };
}

/** The platform's side, written from the contract: m = c^d, bytes little-endian, zeros dropped. */
function classicDecrypt(hex: string, privateKey: ReturnType<typeof keyPair>["privateKey"]): string {
  const m = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(hex.padStart(256, "0"), "hex"));
  const bytes = [...m.reverse()];
  while (bytes.at(-1) === 0) bytes.pop();
  return String.fromCharCode(...bytes);
}

describe("DES", () => {
  it("matches CryptoJS (the operator's encrypt.js library) byte for byte, both ways", () => {
    const secret = "Ab3dEf7hIj1lMn0p";
    const text = JSON.stringify({ username: "demo_member", password: "পাসওয়ার্ড-১২৩" });
    const ours = desEncrypt(text, secret);
    const theirs = CryptoJS.DES.encrypt(text, CryptoJS.enc.Utf8.parse(secret.slice(0, 8)), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString();
    expect(ours).toBe(theirs);
    expect(desDecrypt(theirs, secret)).toBe(text);
  });
  it("refuses a wrong key", () => {
    const cipher = desEncrypt("hello world, this is long", "key12345");
    expect(() => desDecrypt(cipher, "other123")).toThrow();
  });
  it("decrypts customer-service paths: last 8 characters are the key", () => {
    const key = "K3y8ChrS";
    const url = "https://chat.example.com/live?site=demo";
    const encrypted = CryptoJS.DES.encrypt(url, CryptoJS.enc.Utf8.parse(key), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString();
    expect(decryptServicePath(encrypted + key)).toBe(url);
  });
});

describe("classic RSA", () => {
  const { n, privateKey, modulusHex } = keyPair();
  it("packs characters little-endian without padding, and the private key recovers them", () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[A-Za-z0-9]{16}$/);
    const hex = rsaEncryptClassic(secret, modulusHex);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(hex.length % 4).toBe(0);
    expect(classicDecrypt(hex, privateKey)).toBe(secret);
  });
  it("is m^65537 mod n of the little-endian number", () => {
    const hex = rsaEncryptClassic("AB", modulusHex);
    // "AB" little-endian: 0x42 * 256 + 0x41.
    expect(BigInt(`0x${hex}`)).toBe(modPow(0x4241n, 65537n, n));
  });
  it("builds the whole encrypted call: {value} body, Encryption, X-Digest and X-RSA", () => {
    const payload = { username: "u", password: "p", type: "username" };
    const req = encryptPayload(payload, modulusHex, "0123456789abcdef");
    expect(req.headers["X-Digest"]).toBe(req.body.value);
    expect(req.headers["X-RSA"]).toBe(modulusHex);
    const reversed = classicDecrypt(req.headers.Encryption, privateKey);
    const secret = [...reversed].reverse().join("");
    expect(secret).toBe("0123456789abcdef");
    expect(JSON.parse(desDecrypt(req.body.value, secret))).toEqual(payload);
  });
});
