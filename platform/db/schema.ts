// The first migration: the tables of this slice. Kept as TS strings (not .sql files) because Vite
// bundles this code into the app's server build, where paths relative to the module break.
// One statement per string: PGlite's query() runs a single statement.

export const coreSchema: string[] = [
  `CREATE TABLE platform_keys (
     name text PRIMARY KEY,
     modulus text NOT NULL,
     private_exponent text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,

  `CREATE TABLE merchants (
     code text PRIMARY KEY,
     currency text NOT NULL,
     currency_symbol text NOT NULL,
     status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'maintenance', 'restricted')),
     settings jsonb NOT NULL DEFAULT '{}'::jsonb,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,

  // The whitelabel tree: parent is the mod_id of the group node, null for a root.
  `CREATE TABLE modules (
     merchant text NOT NULL REFERENCES merchants(code),
     mod_id text NOT NULL,
     parent text,
     enabled boolean NOT NULL,
     sort integer NOT NULL,
     PRIMARY KEY (merchant, mod_id),
     FOREIGN KEY (merchant, parent) REFERENCES modules(merchant, mod_id)
   )`,

  // account_type: 0 member, 1/2/41/42 agent types, 4 trial.
  `CREATE TABLE members (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     username text NOT NULL,
     password_hash text NOT NULL,
     account_type smallint NOT NULL CHECK (account_type IN (0, 1, 2, 4, 41, 42)),
     nickname text NOT NULL DEFAULT '',
     mobile text,
     email text,
     rank_level integer NOT NULL DEFAULT 1 CHECK (rank_level >= 0),
     club_label jsonb,
     upline_id bigint REFERENCES members(id),
     first_login boolean NOT NULL DEFAULT true,
     password_changed_at timestamptz NOT NULL DEFAULT now(),
     last_login_at timestamptz,
     last_login_ip text,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE UNIQUE INDEX members_merchant_username ON members (merchant, lower(username))`,

  // Only the SHA-256 of a token is stored: a database leak does not hand out sessions.
  `CREATE TABLE sessions (
     token_hash text PRIMARY KEY,
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     ip text NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
  `CREATE INDEX sessions_member ON sessions (member_id)`,
  `CREATE INDEX sessions_expires ON sessions (expires_at)`,

  // kind: banner (B), marquee (PL), popup (PU), promotion (PR). Texts are {"EN": …, "BN": …}.
  `CREATE TABLE announcements (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     kind text NOT NULL CHECK (kind IN ('banner', 'marquee', 'popup', 'promotion')),
     group_name text NOT NULL DEFAULT '',
     title jsonb NOT NULL,
     content jsonb,
     linkage_type smallint NOT NULL DEFAULT 0,
     redirect text NOT NULL DEFAULT '',
     external_link text NOT NULL DEFAULT '',
     display_speed integer NOT NULL DEFAULT 0,
     starts_at timestamptz,
     ends_at timestamptz,
     published_at timestamptz NOT NULL,
     sort integer NOT NULL DEFAULT 0,
     enabled boolean NOT NULL DEFAULT true
   )`,
  `CREATE INDEX announcements_merchant_kind ON announcements (merchant, kind, sort)`,

  `CREATE TABLE game_types (
     merchant text NOT NULL REFERENCES merchants(code),
     game_type text NOT NULL,
     sort integer NOT NULL,
     PRIMARY KEY (merchant, game_type)
   )`,
  `CREATE TABLE vendors (
     merchant text NOT NULL,
     game_type text NOT NULL,
     vassalage text NOT NULL,
     display_name text NOT NULL,
     is_hot boolean NOT NULL DEFAULT false,
     game_classify text[] NOT NULL DEFAULT '{}',
     sort integer NOT NULL,
     enabled boolean NOT NULL DEFAULT true,
     PRIMARY KEY (merchant, game_type, vassalage),
     FOREIGN KEY (merchant, game_type) REFERENCES game_types(merchant, game_type)
   )`,

  `CREATE TABLE ip_country_prefixes (
     prefix text PRIMARY KEY,
     country text NOT NULL
   )`,

  // The wallets a merchant offers: account_type_id 2 is the main wallet, others are vendor wallets.
  `CREATE TABLE wallet_types (
     merchant text NOT NULL REFERENCES merchants(code),
     account_type_id integer NOT NULL,
     display_name jsonb NOT NULL,
     sort integer NOT NULL,
     PRIMARY KEY (merchant, account_type_id)
   )`,

  // Double-entry ledger. Member wallets never go negative; the one house account per merchant
  // (the other side of credits, deposits, payouts) may.
  `CREATE TABLE ledger_accounts (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     kind text NOT NULL CHECK (kind IN ('house', 'wallet')),
     member_id bigint REFERENCES members(id),
     account_type_id integer,
     balance bigint NOT NULL DEFAULT 0,
     CHECK ((kind = 'house') = (member_id IS NULL)),
     CHECK ((kind = 'house') = (account_type_id IS NULL)),
     CHECK (kind = 'house' OR balance >= 0),
     FOREIGN KEY (merchant, account_type_id) REFERENCES wallet_types(merchant, account_type_id)
   )`,
  `CREATE UNIQUE INDEX ledger_accounts_wallet ON ledger_accounts (member_id, account_type_id) WHERE kind = 'wallet'`,
  `CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (merchant) WHERE kind = 'house'`,

  `CREATE TABLE ledger_transactions (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     idempotency_key text NOT NULL,
     kind text NOT NULL,
     fingerprint text NOT NULL,
     memo text NOT NULL DEFAULT '',
     created_at timestamptz NOT NULL,
     UNIQUE (merchant, idempotency_key)
   )`,
  `CREATE TABLE ledger_entries (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
     account_id bigint NOT NULL REFERENCES ledger_accounts(id),
     amount bigint NOT NULL CHECK (amount <> 0),
     balance_after bigint NOT NULL
   )`,
  `CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id)`,
  `CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id)`,

  // The database itself refuses a transaction whose entries do not sum to zero, checked at
  // COMMIT so that the entries of one movement can be inserted one by one.
  `CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE total bigint;
   BEGIN
     SELECT coalesce(sum(amount), 0) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
     IF total <> 0 THEN
       RAISE EXCEPTION 'ledger transaction % is unbalanced by %', NEW.transaction_id, total
         USING ERRCODE = 'check_violation';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced()`,
];

/** The whole RSA private key (PKCS#8 PEM), so the raw RSA step runs in node:crypto (decision 052). */
export const rsaPrivateKeySchema: string[] = [`ALTER TABLE platform_keys ADD COLUMN private_key text`];
