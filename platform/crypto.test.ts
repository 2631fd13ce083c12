import { describe, expect, it } from "vitest";
import { openPglite } from "./db/db";
import { migrate } from "./db/migrations";
import {
  chunkSize,
  completeKey,
  decryptPayload,
  desDecrypt,
  desEncrypt,
  encryptCustomerServicePath,
  generateRsaKey,
  hashPassword,
  loadRsaKey,
  hashToken,
  MAX_RSA_CHUNKS,
  needsRehash,
  newToken,
  PASSWORD_COST,
  passwordCost,
  rsaDecryptString,
  verifyPassword,
} from "./crypto";
import { DEFAULT_PASSWORD } from "./db/seed-accounts-data";
import { DEMO_PASSWORD } from "./db/seed-data";
import { DEMO_PASSWORD_HASHES } from "./db/seed-passwords";
import { formatMinor, parseAmount } from "./money";
import { decryptCustomerServicePath, desDecryptJs, desEncryptJs, encryptedString, encryptPayload } from "./testing/wps-client";

const key = generateRsaKey();

describe("RSA + DES handshake (contract §2)", () => {
  it("decrypts what an independent crypto-js + BigInt client encrypted", () => {
    const payload = { username: "demo_member", password: "Demo@1234", type: "username", note: "বাংলা ✓" };
    const { des, rsa } = encryptPayload(payload, key.modulusHex);
    expect(rsa).toMatch(/^[0-9a-f]+$/);
    expect(decryptPayload(des, rsa, key)).toEqual(payload);
  });

  it("uses a 126-byte chunk for a 1024-bit modulus and joins chunks with spaces", () => {
    expect(key.modulusHex).toMatch(/^[0-9a-f]{256}$/);
    expect(chunkSize(key.n)).toBe(126);
    const long = "x".repeat(130) + "tail";
    const rsa = encryptedString(key.modulusHex, long);
    expect(rsa.split(" ")).toHaveLength(2);
    expect(rsaDecryptString(rsa, key)).toBe(long);
  });

  it("keys DES with the first 8 bytes of the 16-character secret, as CryptoJS does", () => {
    const secret = "AbCdEfGh12345678";
    expect(desEncrypt("hello", secret)).toBe(desEncryptJs("hello", secret));
    expect(desEncrypt("hello", secret)).toBe(desEncryptJs("hello", "AbCdEfGh"));
    expect(desDecrypt(desEncryptJs('{"a":"ব"}', secret), secret)).toBe('{"a":"ব"}');
    expect(desDecryptJs(desEncrypt("round trip", secret), secret)).toBe("round trip");
  });

  it("refuses what does not decode", () => {
    const { des, rsa } = encryptPayload({ a: 1 }, key.modulusHex);
    const other = generateRsaKey();
    expect(() => decryptPayload(des, rsa, other)).toThrow();
    expect(() => decryptPayload(des, "zz-not-hex", key)).toThrow();
    expect(() => decryptPayload("not base64!", rsa, key)).toThrow();
    expect(() => decryptPayload(desEncryptJs("not json", "0123456789abcdef"), rsa, key)).toThrow();
    expect(() => desDecrypt("AAAA", "12345678")).toThrow();
  });

  it(`decrypts at most ${MAX_RSA_CHUNKS} chunks, refusing more before any RSA step`, () => {
    const fits = "s".repeat(126 * MAX_RSA_CHUNKS);
    expect(rsaDecryptString(encryptedString(key.modulusHex, fits), key)).toBe(fits);
    const oneMore = encryptedString(key.modulusHex, fits + "s");
    expect(oneMore.split(" ")).toHaveLength(MAX_RSA_CHUNKS + 1);
    expect(() => rsaDecryptString(oneMore, key)).toThrow(/too many RSA chunks|RSA text too long/);
    expect(() => rsaDecryptString("1 ".repeat(MAX_RSA_CHUNKS + 1), key)).toThrow("too many RSA chunks");
    expect(() => rsaDecryptString("f".repeat(100_000), key)).toThrow("RSA text too long");
  });

  it("completes a key stored as modulus and private exponent only: the same key, whole", () => {
    const jwk = key.privateKey.export({ format: "jwk" });
    const d = BigInt("0x" + Buffer.from(jwk.d ?? "", "base64url").toString("hex"));
    const whole = completeKey(key.n, d).export({ format: "jwk" });
    expect(whole.n).toBe(jwk.n);
    expect(whole.d).toBe(jwk.d);
    expect(new Set([whole.p, whole.q])).toEqual(new Set([jwk.p, jwk.q]));
    expect(() => completeKey(key.n, d + 2n)).toThrow(/does not factor/);
  });

  it("stores the whole key with a new database, and completes a key stored before (once)", async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      const fresh = await loadRsaKey(db);
      const [stored] = await db.query<{ private_key: string | null }>("SELECT private_key FROM platform_keys WHERE name = 'rsa'");
      expect(stored?.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(rsaDecryptString(encryptedString(fresh.modulusHex, "AbCd1234EfGh5678"), await loadRsaKey(db))).toBe("AbCd1234EfGh5678");

      const legacy = generateRsaKey();
      const d = BigInt("0x" + Buffer.from(legacy.privateKey.export({ format: "jwk" }).d ?? "", "base64url").toString("hex"));
      await db.query("UPDATE platform_keys SET modulus = $1, private_exponent = $2, private_key = NULL WHERE name = 'rsa'", [
        legacy.modulusHex,
        d.toString(16),
      ]);
      const completed = await loadRsaKey(db);
      expect(completed.modulusHex).toBe(legacy.modulusHex);
      expect(rsaDecryptString(encryptedString(legacy.modulusHex, "s".repeat(130)), completed)).toBe("s".repeat(130));
      const [after] = await db.query<{ private_key: string | null }>("SELECT private_key FROM platform_keys WHERE name = 'rsa'");
      expect(after?.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    } finally {
      await db.close();
    }
  });

  it("encrypts customer-service paths so that desDecrypt(rest, last 8) gives the URL", () => {
    const url = "https://chat.example.com/livechat?merchant=demo";
    const path = encryptCustomerServicePath(url);
    expect(path.slice(-8)).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(decryptCustomerServicePath(path)).toBe(url);
  });
});

describe("passwords and tokens", () => {
  it("hashes with scrypt and a random salt, at a cheap cost under Vitest only", async () => {
    const [a, b] = await Promise.all([hashPassword("Demo@1234"), hashPassword("Demo@1234")]);
    expect(a).not.toBe(b);
    expect(a.startsWith(`scrypt$${passwordCost().N}$8$1$`)).toBe(true);
    expect(await verifyPassword("Demo@1234", a)).toBe(true);
    expect(await verifyPassword("demo@1234", a)).toBe(false);
    expect(await verifyPassword("Demo@1234", "garbage")).toBe(false);
    expect(passwordCost({ VITEST: "true" }).N).toBeLessThan(PASSWORD_COST.N);
  });

  it("hashes at OWASP's N = 2^17, r = 8, p = 1 by default, and verifies that", async () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(passwordCost({})).toEqual(PASSWORD_COST);
    const hash = await hashPassword("Demo@1234", passwordCost({}));
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(await verifyPassword("Demo@1234", hash)).toBe(true);
    expect(await verifyPassword("Demo@1235", hash)).toBe(false);
    expect(needsRehash(hash, PASSWORD_COST)).toBe(false);
  });

  it("verifies hashes of the earlier default (N = 2^14) and marks them for rehashing", async () => {
    const old = await hashPassword("Demo@1234", { N: 16384, r: 8, p: 1 });
    expect(old.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(await verifyPassword("Demo@1234", old)).toBe(true);
    expect(needsRehash(old, PASSWORD_COST)).toBe(true);
    expect(needsRehash(await hashPassword("x", { N: 2 ** 17, r: 4, p: 1 }), PASSWORD_COST)).toBe(true);
    // Not a password at all (free-play, social accounts): nothing to upgrade.
    expect(needsRehash("!trial", PASSWORD_COST)).toBe(false);
  });

  it("reads parameters no hash of ours has as no hash, without running them", async () => {
    const [, , , , salt, hash] = (await hashPassword("Demo@1234")).split("$");
    for (const params of ["1073741824$8$1", "1000$8$1", "1024$0$1", "1024$8$99", "x$8$1"]) {
      expect(await verifyPassword("Demo@1234", `scrypt$${params}$${salt}$${hash}`)).toBe(false);
    }
  });

  it("ships the demo passwords hashed ahead at the default cost", async () => {
    for (const password of [DEMO_PASSWORD, DEFAULT_PASSWORD]) {
      const hash = DEMO_PASSWORD_HASHES[password]!;
      expect(hash.startsWith("scrypt$131072$8$1$")).toBe(true);
      expect(await verifyPassword(password, hash)).toBe(true);
    }
  });

  it("issues 32-byte tokens stored as SHA-256", () => {
    const token = newToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toBe(token);
  });
});

describe("money", () => {
  it("parses at most two decimals into minor units", () => {
    expect(parseAmount("5000")).toBe(500000);
    expect(parseAmount("12.5")).toBe(1250);
    expect(parseAmount(0.07)).toBe(7);
    expect(parseAmount("-3.25")).toBe(-325);
    expect(parseAmount("1.234")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
    expect(formatMinor(525000)).toBe("5,250.00");
  });
});
