// The raw RSA step of the contract's encrypted calls (decision 052): the web front encrypts the
// DES secret with the platform's public key (m^65537 mod n) on every encrypted call, and the
// reference platform decrypts it (c^d mod n). Both run in node:crypto (RSA_NO_PADDING) around our
// own byte packing; this prints their cost next to the BigInt square-and-multiply they replaced,
// per chunk (a 16-character secret is one chunk of a 1024-bit key), median and p95 of batches.
//
// `npx tsx scripts/bench-rsa.ts` runs it alone; scripts/bench.ts imports benchRsa().
import { encryptPayload, rsaEncryptClassic } from "../app/gateway/crypto.server";
import { completeKey, generateRsaKey, rsaDecryptString } from "../platform/crypto";
import { printWhenMain, timeRuns } from "./bench-kit";

const BATCH = 50;

/** What both sides did before: square-and-multiply on BigInt. */
function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  for (let b = base % modulus, e = exponent; e > 0n; e >>= 1n, b = (b * b) % modulus) if (e & 1n) result = (result * b) % modulus;
  return result;
}

async function perOperation(run: () => unknown, batches: number): Promise<string> {
  const { median, p95 } = await timeRuns(
    async () => {
      for (let i = 0; i < BATCH; i++) run();
    },
    3,
    batches,
  );
  return `median ${((median / BATCH) * 1000).toFixed(0).padStart(5)} µs, p95 ${((p95 / BATCH) * 1000).toFixed(0).padStart(5)} µs`;
}

export async function benchRsa(): Promise<string> {
  const key = generateRsaKey();
  const jwk = key.privateKey.export({ format: "jwk" });
  const d = BigInt(`0x${Buffer.from(jwk.d ?? "", "base64url").toString("hex")}`);
  const secret = "Ab3dEf7hIj1lMn0p";
  const m = BigInt(`0x${Buffer.from([...secret].reverse().join(""), "latin1").toString("hex")}`);
  const encrypted = rsaEncryptClassic(secret, key.modulusHex);
  if (rsaDecryptString(encrypted, key) !== secret) throw new Error("node:crypto's RSA round trip lost the secret");
  if (BigInt(`0x${encrypted}`) !== modPow(m, 65537n, key.n)) throw new Error("node:crypto's m^e mod n differs from BigInt's");
  const started = performance.now();
  completeKey(key.n, d);
  const completeMs = performance.now() - started;
  return [
    `  web front, encrypt one chunk   node:crypto ${await perOperation(() => rsaEncryptClassic(secret, key.modulusHex), 40)}`,
    `                                 BigInt      ${await perOperation(() => modPow(m, 65537n, key.n), 40)}`,
    `  web front, whole encrypted call (DES + RSA + headers)  ${await perOperation(() => encryptPayload({ username: "demo_member", password: "Demo@1234" }, key.modulusHex), 40)}`,
    `  platform, decrypt one chunk    node:crypto ${await perOperation(() => rsaDecryptString(encrypted, key), 20)}`,
    `                                 BigInt      ${await perOperation(() => modPow(BigInt(`0x${encrypted}`), d, key.n), 4)}`,
    `  platform, completing a key stored without its primes (once per database): ${completeMs.toFixed(0)} ms`,
  ].join("\n");
}

printWhenMain(import.meta.url, benchRsa);
