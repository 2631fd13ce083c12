// Migration 002: registration settings, verification codes and outboxes, challenges (captcha,
// slide puzzle), login failures and two-factor tokens, security events, and a trial book in the
// ledger that real money never touches. One statement per string, as in schema.ts.

export const accountsSchema: string[] = [
  `ALTER TABLE members
     ADD COLUMN mobile_country text,
     ADD COLUMN payee_name text NOT NULL DEFAULT '',
     ADD COLUMN birthday date,
     ADD COLUMN profile jsonb NOT NULL DEFAULT '{}'::jsonb,
     ADD COLUMN payment_password_hash text,
     ADD COLUMN referral_code text,
     ADD COLUMN referred_by bigint REFERENCES members(id),
     ADD COLUMN password_expired boolean NOT NULL DEFAULT false,
     ADD COLUMN temp_password_hash text,
     ADD COLUMN temp_password_expires_at timestamptz,
     ADD COLUMN registered_ip text,
     ADD COLUMN register_info jsonb NOT NULL DEFAULT '{}'::jsonb`,
  // mobile holds the full international digits (dialing code + national number).
  `CREATE UNIQUE INDEX members_merchant_mobile ON members (merchant, mobile) WHERE mobile IS NOT NULL`,
  `CREATE UNIQUE INDEX members_merchant_referral ON members (merchant, upper(referral_code)) WHERE referral_code IS NOT NULL`,
  `CREATE INDEX members_trial_ip ON members (merchant, registered_ip, created_at) WHERE account_type = 4`,

  `CREATE TABLE known_ips (
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     ip text NOT NULL,
     first_seen_at timestamptz NOT NULL,
     last_seen_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, ip)
   )`,
  `INSERT INTO known_ips (member_id, ip, first_seen_at, last_seen_at)
   SELECT id, last_login_ip, coalesce(last_login_at, now()), coalesce(last_login_at, now())
     FROM members WHERE last_login_ip IS NOT NULL`,

  `CREATE TABLE register_fields (
     merchant text NOT NULL REFERENCES merchants(code),
     field text NOT NULL,
     enabled boolean NOT NULL,
     required boolean NOT NULL,
     pattern_id smallint NOT NULL CHECK (pattern_id BETWEEN 0 AND 20),
     min_length integer NOT NULL CHECK (min_length >= 0),
     max_length integer NOT NULL CHECK (max_length >= min_length AND max_length <= 255),
     type text NOT NULL CHECK (type IN ('text', 'password', 'email', 'tel', 'date', 'number')),
     sort integer NOT NULL,
     PRIMARY KEY (merchant, field)
   )`,

  `CREATE TABLE countries (
     merchant text NOT NULL REFERENCES merchants(code),
     country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
     dialing_code text NOT NULL CHECK (dialing_code ~ '^[0-9]{1,4}$'),
     name jsonb NOT NULL,
     sort integer NOT NULL,
     enabled boolean NOT NULL DEFAULT true,
     PRIMARY KEY (merchant, country_code)
   )`,

  // Codes are stored upper-case and matched case-insensitively; domain null = any domain.
  `CREATE TABLE affiliate_codes (
     merchant text NOT NULL REFERENCES merchants(code),
     code text NOT NULL CHECK (code = upper(code)),
     member_id bigint NOT NULL REFERENCES members(id),
     domain text,
     enabled boolean NOT NULL DEFAULT true,
     PRIMARY KEY (merchant, code)
   )`,

  // One row per code sent (or, for a number no member holds, per request that would have sent
  // one: delivered = false). Only the hash of the code is kept; the outboxes hold the messages.
  `CREATE TABLE verification_codes (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     channel text NOT NULL CHECK (channel IN ('sms', 'email')),
     target text NOT NULL,
     purpose text NOT NULL CHECK (purpose IN ('register', 'noLogin', 'login2fa')),
     code_hash text NOT NULL,
     delivered boolean NOT NULL,
     ip text NOT NULL,
     attempts integer NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,
  `CREATE INDEX verification_codes_target ON verification_codes (merchant, channel, target, created_at)`,
  `CREATE INDEX verification_codes_ip ON verification_codes (merchant, ip, created_at)`,

  `CREATE TABLE sms_outbox (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     mobile text NOT NULL,
     country_dialing_code text NOT NULL,
     purpose text NOT NULL,
     code text,
     text text NOT NULL,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX sms_outbox_merchant ON sms_outbox (merchant, created_at)`,
  `CREATE TABLE email_outbox (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     email text NOT NULL,
     purpose text NOT NULL,
     subject text NOT NULL,
     body text NOT NULL,
     code text,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX email_outbox_merchant ON email_outbox (merchant, created_at)`,

  // Image captchas and slide puzzles: single use (used_at), short-lived (expires_at).
  `CREATE TABLE challenges (
     id text PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     kind text NOT NULL CHECK (kind IN ('captcha', 'slider')),
     answer text NOT NULL,
     ip text NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,
  `CREATE INDEX challenges_expires ON challenges (expires_at)`,

  // subject: "m:<member id>" for a known member, else "u:<lower-case name>" or "sms:<number>".
  `CREATE TABLE login_failures (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     subject text NOT NULL,
     ip text NOT NULL,
     at timestamptz NOT NULL
   )`,
  `CREATE INDEX login_failures_subject ON login_failures (merchant, subject, at)`,

  `CREATE TABLE login_verifications (
     token_hash text PRIMARY KEY,
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     ip text NOT NULL,
     methods text[] NOT NULL,
     default_password boolean NOT NULL,
     used_temporary boolean NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,

  `CREATE TABLE security_events (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint REFERENCES members(id) ON DELETE CASCADE,
     kind text NOT NULL,
     ip text NOT NULL,
     detail jsonb NOT NULL DEFAULT '{}'::jsonb,
     at timestamptz NOT NULL
   )`,
  `CREATE INDEX security_events_member ON security_events (member_id, at)`,

  // Demo data added after the first seed, applied once per merchant (db/seed-accounts.ts).
  `CREATE TABLE seed_steps (
     merchant text NOT NULL,
     step text NOT NULL,
     applied_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (merchant, step)
   )`,

  // The trial book: free-play credit lives in 'trial' accounts against one 'trial_house' per
  // merchant. The real balance queries read kind 'wallet' only, so trial credit never shows there.
  `DO $$
   DECLARE c record;
   BEGIN
     FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'ledger_accounts'::regclass AND contype = 'c' LOOP
       EXECUTE format('ALTER TABLE ledger_accounts DROP CONSTRAINT %I', c.conname);
     END LOOP;
   END $$`,
  `ALTER TABLE ledger_accounts
     ADD CONSTRAINT ledger_accounts_kind CHECK (kind IN ('house', 'wallet', 'trial_house', 'trial')),
     ADD CONSTRAINT ledger_accounts_owner CHECK ((kind IN ('house', 'trial_house')) = (member_id IS NULL)),
     ADD CONSTRAINT ledger_accounts_type CHECK ((kind IN ('house', 'trial_house')) = (account_type_id IS NULL)),
     ADD CONSTRAINT ledger_accounts_not_negative CHECK (kind IN ('house', 'trial_house') OR balance >= 0)`,
  `CREATE UNIQUE INDEX ledger_accounts_trial ON ledger_accounts (member_id, account_type_id) WHERE kind = 'trial'`,
  `CREATE UNIQUE INDEX ledger_accounts_trial_house ON ledger_accounts (merchant) WHERE kind = 'trial_house'`,
  // A transaction stays inside one book: real and trial accounts never meet in one movement.
  `CREATE FUNCTION ledger_check_one_book() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE books integer;
   BEGIN
     SELECT count(DISTINCT a.kind IN ('trial', 'trial_house')) INTO books
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.transaction_id = NEW.transaction_id;
     IF books > 1 THEN
       RAISE EXCEPTION 'ledger transaction % mixes real and trial accounts', NEW.transaction_id
         USING ERRCODE = 'check_violation';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE CONSTRAINT TRIGGER ledger_entries_one_book AFTER INSERT ON ledger_entries
     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_one_book()`,
];

// Migration 010 (issue 11): two-factor remembers devices, not IPs. A second browser that knows the
// password was let in because "its IP is already known"; now only a browser that passed a login
// before (the client's loginDeviceId, kept in a long-lived cookie) skips the code. Stored hashed.
// known_ips (migration 002) is no longer written or read; it stays, as applied migrations do.
export const knownDevicesSchema: string[] = [
  `CREATE TABLE known_devices (
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     device_hash text NOT NULL,
     first_seen_at timestamptz NOT NULL,
     last_seen_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, device_hash)
   )`,
  `ALTER TABLE login_verifications ADD COLUMN device_hash text`,
];

// Migration 020 (issue 25, decisions 036 and 037): a downline's mobile number, typed by its agent,
// is unverified and gives way to its owner's registration or binding; failed logins are counted
// per address (made-up names) and an agent's new downlines per time (the register centre's limits).
export const registrationLimitsSchema: string[] = [
  `ALTER TABLE members ADD COLUMN mobile_verified boolean NOT NULL DEFAULT true`,
  `CREATE INDEX login_failures_ip ON login_failures (merchant, ip, at)`,
  `CREATE INDEX members_upline_created ON members (upline_id, created_at) WHERE upline_id IS NOT NULL`,
];
