import {
  constants,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from "node:crypto";
import { passwordHashGate } from "./cpu-gate";
import forge from "node-forge";
import type { Sql } from "./db/db";

// ---------------------------------------------------------------- RSA (contract §2)

export interface RsaKey {
  /** Modulus as lower-case hex: what GET /wps/session/key/rsa returns. */
  modulusHex: string;
  n: bigint;
  /** The whole private key: the raw RSA step runs in node:crypto (decision 052). */
  privateKey: KeyObject;
}

const RSA_EXPONENT = 65537n;

function base64UrlToBigInt(value: string): bigint {
  return BigInt("0x" + Buffer.from(value, "base64url").toString("hex"));
}

function bigIntToBase64Url(value: bigint): string {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex").toString("base64url");
}

function keyFrom(privateKey: KeyObject): RsaKey {
  const jwk = privateKey.export({ format: "jwk" });
  if (!jwk.n) throw new Error("node:crypto returned an RSA key without n");
  const n = base64UrlToBigInt(jwk.n);
  return { modulusHex: n.toString(16), n, privateKey };
}

/** A new 1024-bit key with e = 65537, as the contract's clients expect. */
export function generateRsaKey(): RsaKey {
  return keyFrom(generateKeyPairSync("rsa", { modulusLength: 1024, publicExponent: 65537 }).privateKey);
}

/**
 * The RSA key of this database. Generated once (1024 bits, e = 65537) and stored, so every
 * process on one database hands out the same modulus and can decrypt what another one issued.
 * A key stored before the whole key was (modulus and private exponent only) is completed once:
 * its primes are recovered from n, e and d, and the key is stored whole.
 */
export async function loadRsaKey(sql: Sql): Promise<RsaKey> {
  const read = () =>
    sql.query<{ modulus: string; private_exponent: string; private_key: string | null }>(
      "SELECT modulus, private_exponent, private_key FROM platform_keys WHERE name = 'rsa'",
    );
  let rows = await read();
  if (rows.length === 0) {
    const key = generateRsaKey();
    const d = base64UrlToBigInt(key.privateKey.export({ format: "jwk" }).d ?? "");
    // Two processes may race here: the first insert wins and both read it back.
    await sql.query(
      `INSERT INTO platform_keys (name, modulus, private_exponent, private_key) VALUES ('rsa', $1, $2, $3)
       ON CONFLICT (name) DO NOTHING`,
      [key.modulusHex, d.toString(16), pem(key.privateKey)],
    );
    rows = await read();
  }
  const row = rows[0];
  if (!row) throw new Error("RSA key missing after insert");
  if (row.private_key) return keyFrom(createPrivateKey(row.private_key));
  const privateKey = completeKey(BigInt("0x" + row.modulus), BigInt("0x" + row.private_exponent));
  // Whoever completes it first stores it; the same n, e and d give the same key either way.
  await sql.query("UPDATE platform_keys SET private_key = $1 WHERE name = 'rsa' AND private_key IS NULL", [pem(privateKey)]);
  return keyFrom(privateKey);
}

function pem(privateKey: KeyObject): string {
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
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

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * The whole private key from n, e and d (NIST SP 800-56B, appendix C): k = de - 1 = 2^t·r; for a
 * base g, some g^(r·2^i) is a square root of 1 other than ±1, and gcd(it - 1, n) is a prime. Runs
 * once per database whose key was stored before this one was (a few milliseconds).
 */
export function completeKey(n: bigint, d: bigint, e = RSA_EXPONENT): KeyObject {
  const k = d * e - 1n;
  let r = k;
  let t = 0;
  while ((r & 1n) === 0n) {
    r >>= 1n;
    t += 1;
  }
  // Each base finds a factor with probability at least 1/2: a hundred fail only for a wrong d.
  for (let g = 2n; g < 102n; g += 1n) {
    let y = modPow(g, r, n);
    if (y === 1n || y === n - 1n) continue;
    for (let i = 0; i < t; i++) {
      const x = (y * y) % n;
      if (x === 1n) {
        const p = gcd(y - 1n, n);
        const q = n / p;
        const jwk = { kty: "RSA", n, e, d, p, q, dp: d % (p - 1n), dq: d % (q - 1n), qi: modInverse(q, p) };
        const encoded = Object.fromEntries(
          Object.entries(jwk).map(([name, v]) => [name, typeof v === "bigint" ? bigIntToBase64Url(v) : v]),
        );
        return createPrivateKey({ key: encoded, format: "jwk" });
      }
      if (x === n - 1n) break;
      y = x;
    }
  }
  throw new Error("the stored RSA key does not factor: its private exponent does not match its modulus");
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
 * room for a longer secret; each chunk costs a 1024-bit private-key step (about 0.17 ms in
 * node:crypto, 5 ms in BigInt; decision 052), and a cap keeps a header of 64 KB of hex from
 * buying hundreds of them.
 */
export const MAX_RSA_CHUNKS = 4;

/**
 * Undoes encryptedString: each space-separated hex chunk is c^d mod n (node:crypto's raw RSA,
 * no padding), whose bytes are the characters packed little-endian (first character =
 * least-significant byte), zero-padded.
 */
export function rsaDecryptString(encryption: string, key: RsaKey): string {
  // Measured before splitting, so a huge header is refused without work.
  if (encryption.length > MAX_RSA_CHUNKS * (key.modulusHex.length + 1) + 64) throw new Error("RSA text too long");
  const chunks = encryption.trim().split(/\s+/).filter(Boolean);
  if (chunks.length === 0) throw new Error("empty RSA text");
  if (chunks.length > MAX_RSA_CHUNKS) throw new Error("too many RSA chunks");
  const size = chunkSize(key.n);
  const modulusBytes = Math.ceil(key.modulusHex.length / 2);
  const bytes: number[] = [];
  chunks.forEach((chunk, index) => {
    if (!/^[0-9a-fA-F]+$/.test(chunk)) throw new Error("RSA text is not hex");
    const c = BigInt("0x" + chunk);
    if (c >= key.n) throw new Error("RSA chunk out of range");
    const m = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(c.toString(16).padStart(modulusBytes * 2, "0"), "hex"),
    );
    // Big-endian out: the characters are its bytes from the last, without the high zeros.
    const chunkBytes = [...m.reverse()];
    while (chunkBytes.length > 0 && chunkBytes[chunkBytes.length - 1] === 0) chunkBytes.pop();
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
