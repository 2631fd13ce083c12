// Migration 005: money (decision 016). The inbox, deposit methods/channels and requests, banks,
// payment passwords, bound cards, withdrawals and their proof images. Money itself lives only in
// the ledger (001_core); these tables record requests and point at ledger transactions.

export const moneySchema: string[] = [
  // Rendered at notify time in every language: {"EN": …, "BN": …}.
  `CREATE TABLE member_messages (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     kind text NOT NULL,
     title jsonb NOT NULL,
     content jsonb NOT NULL,
     created_at timestamptz NOT NULL,
     read_at timestamptz
   )`,
  `CREATE INDEX member_messages_member ON member_messages (member_id, created_at DESC, id DESC)`,
  `CREATE INDEX member_messages_unread ON member_messages (member_id) WHERE read_at IS NULL`,

  `CREATE TABLE deposit_methods (
     merchant text NOT NULL REFERENCES merchants(code),
     method_code text NOT NULL,
     name jsonb NOT NULL,
     sort integer NOT NULL DEFAULT 0,
     enabled boolean NOT NULL DEFAULT true,
     PRIMARY KEY (merchant, method_code)
   )`,
  `CREATE TABLE deposit_channels (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL,
     method_code text NOT NULL,
     name jsonb NOT NULL,
     submit_type text NOT NULL CHECK (submit_type IN ('TRANSACTION_ID', 'LAUNCH_URL')),
     min_amount bigint NOT NULL CHECK (min_amount > 0),
     max_amount bigint NOT NULL CHECK (max_amount >= min_amount),
     fixed_amounts bigint[] NOT NULL DEFAULT '{}',
     allow_custom boolean NOT NULL DEFAULT true,
     account_name text NOT NULL DEFAULT '',
     account_number text NOT NULL DEFAULT '',
     instructions jsonb NOT NULL DEFAULT '{"EN": ""}',
     sort integer NOT NULL DEFAULT 0,
     enabled boolean NOT NULL DEFAULT true,
     FOREIGN KEY (merchant, method_code) REFERENCES deposit_methods(merchant, method_code)
   )`,
  // Named and shaped as decision 018 reads it for the deposit limit (member_id, amount_minor,
  // status, created_at).
  `CREATE TABLE deposit_requests (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     request_id text NOT NULL,
     fingerprint text NOT NULL,
     channel_id bigint NOT NULL REFERENCES deposit_channels(id),
     amount_minor bigint NOT NULL CHECK (amount_minor > 0),
     transaction_id text,
     status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')),
     remark text NOT NULL DEFAULT '',
     ledger_tx bigint REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL,
     updated_at timestamptz NOT NULL,
     UNIQUE (member_id, request_id)
   )`,
  `CREATE INDEX deposit_requests_member ON deposit_requests (member_id, created_at DESC)`,
  `CREATE INDEX deposit_requests_pending ON deposit_requests (merchant, id) WHERE status = 'PENDING'`,

  `CREATE TABLE banks (
     merchant text NOT NULL REFERENCES merchants(code),
     bank_code text NOT NULL,
     name text NOT NULL,
     card_type text NOT NULL CHECK (card_type IN ('BC', 'EW')),
     sort integer NOT NULL DEFAULT 0,
     PRIMARY KEY (merchant, bank_code)
   )`,
  `CREATE TABLE payment_passwords (
     member_id bigint PRIMARY KEY REFERENCES members(id),
     password_hash text NOT NULL,
     updated_at timestamptz NOT NULL
   )`,
  `CREATE TABLE bank_cards (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     card_type text NOT NULL CHECK (card_type IN ('BC', 'EW')),
     bank_code text NOT NULL,
     account_name text NOT NULL,
     account_number text NOT NULL,
     created_at timestamptz NOT NULL,
     UNIQUE (member_id, bank_code, account_number)
   )`,
  `CREATE TABLE withdrawals (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     request_id text NOT NULL,
     fingerprint text NOT NULL,
     bank_card_id bigint NOT NULL REFERENCES bank_cards(id),
     amount_minor bigint NOT NULL CHECK (amount_minor > 0),
     status text NOT NULL CHECK (status IN ('PENDING', 'ISSUED', 'REJECTED', 'RECEIVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED')),
     remark text NOT NULL DEFAULT '',
     hold_tx bigint NOT NULL REFERENCES ledger_transactions(id),
     refund_tx bigint REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL,
     issued_at timestamptz,
     decided_at timestamptz,
     confirmed_at timestamptz,
     received_minor bigint,
     auto_confirmed boolean NOT NULL DEFAULT false,
     confirm_request_id text,
     confirm_fingerprint text,
     UNIQUE (member_id, request_id)
   )`,
  `CREATE INDEX withdrawals_member ON withdrawals (member_id, created_at DESC)`,
  `CREATE INDEX withdrawals_open ON withdrawals (merchant, id) WHERE status IN ('PENDING', 'ISSUED')`,
  `CREATE TABLE withdrawal_proofs (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
     mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
     data bytea NOT NULL,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX withdrawal_proofs_withdrawal ON withdrawal_proofs (withdrawal_id)`,
];
