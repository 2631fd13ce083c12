// Migration 003: social login (decision 013). The test identity provider's codes and tokens, the
// final binding of a provider subject to a member, and the two login modules for merchants that
// existed before this migration (new merchants get them from the seed).

export const socialSchema: string[] = [
  // Codes and tokens of the test identity provider (/idp/<provider>/…). Only hashes are stored.
  `CREATE TABLE idp_codes (
     code_hash text PRIMARY KEY,
     provider text NOT NULL,
     client_id text NOT NULL,
     redirect_uri text NOT NULL,
     subject text NOT NULL,
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,
  `CREATE TABLE idp_tokens (
     token_hash text PRIMARY KEY,
     provider text NOT NULL,
     subject text NOT NULL,
     email text NOT NULL,
     name text NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
  // One member per provider subject, and one subject per member and provider; never changed.
  `CREATE TABLE member_social (
     merchant text NOT NULL REFERENCES merchants(code),
     provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
     subject text NOT NULL,
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     email text,
     created_at timestamptz NOT NULL,
     PRIMARY KEY (merchant, provider, subject),
     UNIQUE (member_id, provider)
   )`,
  `INSERT INTO modules (merchant, mod_id, parent, enabled, sort)
   SELECT m.code, x.mod_id, 'GROUP_PROFILE', true,
          (SELECT coalesce(max(sort), 0) FROM modules WHERE merchant = m.code) + x.n
     FROM merchants m
    CROSS JOIN (VALUES ('GOOGLELOGIN3', 1), ('FBLOGIN3', 2)) AS x(mod_id, n)
    WHERE EXISTS (SELECT 1 FROM modules WHERE merchant = m.code AND mod_id = 'GROUP_PROFILE')
   ON CONFLICT DO NOTHING`,
];

// Migration 011: the test identity provider becomes an OpenID Connect provider (decision 013).
// A code remembers its PKCE challenge, nonce and issuer; each provider signs ID tokens with one
// RS256 key pair kept here, so every process on this database signs and verifies with the same key.
export const socialOidcSchema: string[] = [
  `ALTER TABLE idp_codes ADD COLUMN issuer text, ADD COLUMN code_challenge text, ADD COLUMN nonce text`,
  `CREATE TABLE idp_signing_keys (
     provider text PRIMARY KEY CHECK (provider IN ('google', 'facebook')),
     kid text NOT NULL,
     private_jwk jsonb NOT NULL,
     public_jwk jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
];
