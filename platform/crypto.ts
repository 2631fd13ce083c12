import { createHash, generateKeyPairSync, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { passwordHashGate } from "./cpu-gate";
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
 * The most chunks an Encryption header may hold. It carries only the 16-character DES secret (one
 * chunk, contract §2); the payload travels DES-encrypted in the body. Four chunks (504 bytes) leave
 * room for a longer secret, while each chunk costs a 1024-bit modPow (about 2.5 ms here): without
 * a cap, one request of 64 KB of hex would buy 250 of them.
 */
export const MAX_RSA_CHUNKS = 4;

/**
 * Undoes encryptedString: each space-separated hex chunk is c^d mod n, whose bytes are the
 * characters packed little-endian (first character = least-significant byte), zero-padded.
 */
export function rsaDecryptString(encryption: string, key: RsaKey): string {
  // Measured before splitting, so a huge header is refused without work.
  if (encryption.length > MAX_RSA_CHUNKS * (key.modulusHex.length + 1) + 64) throw new Error("RSA text too long");
  const chunks = encryption.trim().split(/\s+/).filter(Boolean);
  if (chunks.length === 0) throw new Error("empty RSA text");
  if (chunks.length > MAX_RSA_CHUNKS) throw new Error("too many RSA chunks");
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

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt parameters: 128 MiB and about 0.35 s a hash on this project's 2-core machines. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
// The suites hash hundreds of passwords (every test file seeds the demo, tests register players).
const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 64;

/**
 * The cost of new hashes: OWASP's, except under Vitest. The one place the environment changes it,
 * read on each call so that a test can hash at the production cost.
 */
export function passwordCost(env: Record<string, string | undefined> = process.env): ScryptCost {
  return env.VITEST ? TEST_COST : PASSWORD_COST;
}

function scryptAsync(password: string, salt: Buffer, { N, r, p }: ScryptCost, keyLength: number) {
  // Node refuses above 32 MiB by default; scrypt needs 128·N·r bytes plus a little.
  const maxmem = 128 * N * r + 2 ** 20;
  // Through the gate: a spray waits in a short line or is refused (GateBusyError), never piles up.
  return passwordHashGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

/**
 * Reads scrypt$N$r$p$salt$hash. Parameters outside what this code would ever write (N a power of
 * two up to 2^20, r up to 32, p up to 16) read as no hash: a damaged row must not cost gigabytes.
 */
function parseHash(stored: string): StoredHash | null {
  const [scheme, N, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || rest.length > 0 || !salt || !hash) return null;
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  if (!Number.isInteger(Math.log2(cost.N)) || cost.N < 2 || cost.N > 2 ** 20) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return null;
  const bytes = Buffer.from(hash, "base64");
  return bytes.length >= 16 ? { cost, salt: Buffer.from(salt, "base64"), hash: bytes } : null;
}

/** Stored as scrypt$N$r$p$salt$hash (base64): each hash carries its own cost, so the cost can rise. */
export async function hashPassword(password: string, cost: ScryptCost = passwordCost()): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, cost, KEY_LENGTH);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** Checks against the parameters stored with the hash, whatever the current cost is. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scryptAsync(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a hash was made with weaker parameters than new ones get: rehash it at the next login. */
export function needsRehash(stored: string, cost: ScryptCost = passwordCost()): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false; // not a password (free-play and social accounts): nothing to upgrade
  const { N, r, p } = parsed.cost;
  return N < cost.N || r < cost.r || p < cost.p || parsed.hash.length < KEY_LENGTH;
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
