import { createHash, generateKeyPairSync, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import forge from "node-forge";
import type { Sql } from "./db/db";

// ---------------------------------------------------------------- RSA (contract §2)

export interface RsaKey {
  /** Modulus as lower-case hex: what GET /wps/session/key/rsa returns. */
  modulusHex: string;
  n: bigint;
  d: bigint;
}

function base64UrlToBigInt(value: string): bigint {
  return BigInt("0x" + Buffer.from(value, "base64url").toString("hex"));
}

/** A new 1024-bit key with e = 65537, as the contract's clients expect. */
export function generateRsaKey(): RsaKey {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024, publicExponent: 65537 });
  const jwk = privateKey.export({ format: "jwk" });
  if (!jwk.n || !jwk.d) throw new Error("node:crypto returned an RSA key without n or d");
  const n = base64UrlToBigInt(jwk.n);
  return { modulusHex: n.toString(16), n, d: base64UrlToBigInt(jwk.d) };
}

/**
 * The RSA key of this database. Generated once (1024 bits, e = 65537) and stored, so every
 * process on one database hands out the same modulus and can decrypt what another one issued.
 */
export async function loadRsaKey(sql: Sql): Promise<RsaKey> {
  let rows = await sql.query<{ modulus: string; private_exponent: string }>(
    "SELECT modulus, private_exponent FROM platform_keys WHERE name = 'rsa'",
  );
  if (rows.length === 0) {
    const key = generateRsaKey();
    // Two processes may race here: the first insert wins and both read it back.
    await sql.query(
      `INSERT INTO platform_keys (name, modulus, private_exponent) VALUES ('rsa', $1, $2)
       ON CONFLICT (name) DO NOTHING`,
      [key.modulusHex, key.d.toString(16)],
    );
    rows = await sql.query("SELECT modulus, private_exponent FROM platform_keys WHERE name = 'rsa'");
  }
  const row = rows[0];
  if (!row) throw new Error("RSA key missing after insert");
  return { modulusHex: row.modulus, n: BigInt("0x" + row.modulus), d: BigInt("0x" + row.private_exponent) };
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

/**
 * Bytes per RSA chunk in the classic RSAKeyPair library: twice the index of the modulus's highest
 * 16-bit digit (126 for a 1024-bit modulus).
 */
export function chunkSize(n: bigint): number {
  const digits = Math.ceil(n.toString(16).length / 4);
  return 2 * (digits - 1);
}

/**
 * Undoes encryptedString: each space-separated hex chunk is c^d mod n, whose bytes are the
 * characters packed little-endian (first character = least-significant byte), zero-padded.
 */
export function rsaDecryptString(encryption: string, key: RsaKey): string {
  const chunks = encryption.trim().split(/\s+/).filter(Boolean);
  if (chunks.length === 0) throw new Error("empty RSA text");
  const size = chunkSize(key.n);
  const bytes: number[] = [];
  chunks.forEach((chunk, index) => {
    if (!/^[0-9a-fA-F]+$/.test(chunk)) throw new Error("RSA text is not hex");
    const c = BigInt("0x" + chunk);
    if (c >= key.n) throw new Error("RSA chunk out of range");
    let m = modPow(c, key.d, key.n);
    const chunkBytes: number[] = [];
    while (m > 0n) {
      chunkBytes.push(Number(m & 0xffn));
      m >>= 8n;
    }
    // A chunk that is not the last one was full: restore its high zero bytes.
    if (index < chunks.length - 1) while (chunkBytes.length < size) chunkBytes.push(0);
    bytes.push(...chunkBytes);
  });
  while (bytes.length > 0 && bytes[bytes.length - 1] === 0) bytes.pop();
  return String.fromCharCode(...bytes);
}

// ---------------------------------------------------------------- DES-ECB, PKCS#7

function desKey(key: string): string {
  const bytes = Buffer.from(key, "utf8");
  if (bytes.length < 8) throw new Error("DES key shorter than 8 bytes");
  // DES uses the first 8 bytes, as CryptoJS does with a longer key.
  return bytes.subarray(0, 8).toString("binary");
}

export function desEncrypt(plainText: string, key: string): string {
  const cipher = forge.cipher.createCipher("DES-ECB", desKey(key));
  cipher.start();
  cipher.update(forge.util.createBuffer(forge.util.encodeUtf8(plainText)));
  if (!cipher.finish()) throw new Error("DES encryption failed");
  return forge.util.encode64(cipher.output.getBytes());
}

/** Throws when the text is not base64 of whole blocks or the padding is wrong. */
export function desDecrypt(base64: string, key: string): string {
  const trimmed = base64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) throw new Error("DES text is not base64");
  const binary = forge.util.decode64(trimmed);
  if (binary.length === 0 || binary.length % 8 !== 0) throw new Error("DES text is not whole blocks");
  const decipher = forge.cipher.createDecipher("DES-ECB", desKey(key));
  decipher.start();
  decipher.update(forge.util.createBuffer(binary));
  if (!decipher.finish()) throw new Error("DES padding is wrong");
  return forge.util.decodeUtf8(decipher.output.getBytes());
}

/**
 * The server side of the handshake: RSA gives the reversed secret, the secret's first 8 bytes
 * are the DES key of the payload. Returns the parsed JSON; throws on anything that does not decode.
 */
export function decryptPayload(des: string, encryption: string, key: RsaKey): unknown {
  const reversed = rsaDecryptString(encryption, key);
  const secret = [...reversed].reverse().join("");
  return JSON.parse(desDecrypt(des, secret));
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomAlphanumeric(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** Customer-service link as clients expect it: DES ciphertext followed by its 8-character key. */
export function encryptCustomerServicePath(url: string): string {
  const key = randomAlphanumeric(8);
  return desEncrypt(url, key) + key;
}

// ---------------------------------------------------------------- passwords and tokens

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 };

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Stored as scrypt$N$r$p$salt$hash (base64) so the cost can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), Number(N), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

// Verified when the user does not exist, so that both failures take the same time.
let dummyHash: Promise<string> | undefined;
export function passwordHashForTiming(): Promise<string> {
  dummyHash ??= hashPassword(randomAlphanumeric(16));
  return dummyHash;
}

/** 32 random bytes, hex: handed to the client once, stored only as hashToken(token). */
export function newToken(): string {
  return randomBytes(32).toString("hex");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}
