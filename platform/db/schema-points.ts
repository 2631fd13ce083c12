// Migration 016: the point mall of decision 027 §3. Points are hundredths (bigint): 12.34 points is
// 1234. A member's point account holds the balance (never below zero) and the mark of the last bet
// accrued; every change is a point_entries row with the balance after it.

export const pointsSchema: string[] = [
  `CREATE TABLE point_accounts (
     member_id bigint PRIMARY KEY REFERENCES members(id),
     merchant text NOT NULL REFERENCES merchants(code),
     balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
     total_earned bigint NOT NULL DEFAULT 0 CHECK (total_earned >= 0),
     total_spent bigint NOT NULL DEFAULT 0,
     accrued_to_bet_id bigint NOT NULL DEFAULT 0,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE TABLE point_rewards (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     code text NOT NULL,
     name jsonb NOT NULL,
     description jsonb NOT NULL,
     type text NOT NULL CHECK (type IN ('BONUS', 'GOODS')),
     points_required bigint NOT NULL CHECK (points_required > 0),
     amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
     amount_required bigint NOT NULL DEFAULT 0 CHECK (amount_required >= 0),
     stock integer CHECK (stock IS NULL OR stock >= 0),
     address_type text NOT NULL CHECK (address_type IN ('ZALO', 'WHATSAPP', 'ADDRESS')),
     sort integer NOT NULL DEFAULT 0,
     enabled boolean NOT NULL DEFAULT true,
     created_at timestamptz NOT NULL DEFAULT now(),
     UNIQUE (merchant, code)
   )`,
  `CREATE TABLE point_redemptions (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     reward_id bigint REFERENCES point_rewards(id),
     type text NOT NULL CHECK (type IN ('BONUS', 'GOODS', 'CONVERT')),
     name jsonb NOT NULL,
     points bigint NOT NULL CHECK (points > 0),
     amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
     status text NOT NULL CHECK (status IN ('IN_PROCESS', 'REJECTED', 'APPROVED')),
     mobile text NOT NULL DEFAULT '',
     receiving_address text NOT NULL DEFAULT '',
     paid_account text NOT NULL DEFAULT '',
     ledger_tx bigint REFERENCES ledger_transactions(id),
     remark text NOT NULL DEFAULT '',
     created_at timestamptz NOT NULL,
     decided_at timestamptz,
     CHECK ((status = 'IN_PROCESS') = (decided_at IS NULL))
   )`,
  `CREATE INDEX point_redemptions_member ON point_redemptions (member_id, created_at DESC, id DESC)`,
  `CREATE INDEX point_redemptions_open ON point_redemptions (merchant, id) WHERE status = 'IN_PROCESS'`,
  `CREATE TABLE point_entries (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES point_accounts(member_id),
     type text NOT NULL CHECK (type IN ('LIVE', 'LOTTERY', 'PVP', 'SLOTS', 'SPORTS', 'FISH', 'ESPORTS', 'REDEEM', 'CONVERT', 'REFUND', 'DEPOSIT', 'ADJUST')),
     name jsonb,
     points bigint NOT NULL CHECK (points <> 0),
     balance_after bigint NOT NULL CHECK (balance_after >= 0),
     valid_bet bigint,
     amount bigint,
     ratio numeric(12, 2),
     redemption_id bigint REFERENCES point_redemptions(id),
     remark text NOT NULL DEFAULT '',
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX point_entries_member ON point_entries (member_id, created_at DESC, id DESC)`,
];
