import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Db } from "../db/db";
import type { SocialProvider } from "./test-idp";

// The RS256 key pair each provider of the TEST identity provider signs its ID tokens with
// (decision 013, migration 011). Made on first use and kept in idp_signing_keys, so every process
// on the same database signs and verifies with the same key; the platform's social login checks
// ID tokens against it.

export interface IdpSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** What /idp/<provider>/jwks publishes. */
  publicJwk: JWK;
}

const loaded = new WeakMap<Db, Map<SocialProvider, Promise<IdpSigningKey>>>();

/** The provider's key, read once per database and process; a failed read is retried next time. */
export function idpSigningKey(db: Db, provider: SocialProvider): Promise<IdpSigningKey> {
  let keys = loaded.get(db);
  if (!keys) loaded.set(db, (keys = new Map()));
  const perDb = keys;
  let key = perDb.get(provider);
  if (!key) {
    key = loadOrCreate(db, provider);
    key.catch(() => perDb.delete(provider));
    perDb.set(provider, key);
  }
  return key;
}

type KeyRow = { kid: string; private_jwk: JWK; public_jwk: JWK };

async function loadOrCreate(db: Db, provider: SocialProvider): Promise<IdpSigningKey> {
  const read = () => db.query<KeyRow>("SELECT kid, private_jwk, public_jwk FROM idp_signing_keys WHERE provider = $1", [provider]);
  let [row] = await read();
  if (!row) {
    const pair = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    // Two processes may race here: the first insert wins and both read it back.
    await db.query(
      `INSERT INTO idp_signing_keys (provider, kid, private_jwk, public_jwk) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider) DO NOTHING`,
      [provider, kid, JSON.stringify(await exportJWK(pair.privateKey)), JSON.stringify(publicJwk)],
    );
    [row] = await read();
  }
  if (!row) throw new Error(`test identity provider key of ${provider} missing after insert`);
  const publicJwk: JWK = { kty: row.public_jwk.kty, n: row.public_jwk.n, e: row.public_jwk.e, kid: row.kid, alg: "RS256", use: "sig" };
  const [privateKey, publicKey] = await Promise.all([importJWK(row.private_jwk, "RS256"), importJWK(publicJwk, "RS256")]);
  if (privateKey instanceof Uint8Array || publicKey instanceof Uint8Array) throw new Error("test identity provider key is not an RSA key");
  return { kid: row.kid, privateKey, publicKey, publicJwk };
}
