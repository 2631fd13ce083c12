// Migration 006: records and rewards (decision 017). Cashback rates and claims, promotions and the
// member's state in each, daily raffle draws, missions and their claims, and the requestIds of the
// member-centre writes (a replay answers the stored result). Money itself lives in the ledger.

export const recordsSchema: string[] = [
  // Cashback rate per game type, in percent of the valid bet (0.8 = 0.8 %).
  `CREATE TABLE rebate_rates (
     merchant text NOT NULL REFERENCES merchants(code),
     game_type text NOT NULL,
     rate numeric(6, 3) NOT NULL CHECK (rate >= 0 AND rate <= 100),
     PRIMARY KEY (merchant, game_type)
   )`,
  // One cashback claim: it covered the member's real bets with id <= up_to_bet_id.
  `CREATE TABLE rebate_claims (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     up_to_bet_id bigint NOT NULL,
     amount bigint NOT NULL CHECK (amount > 0),
     detail jsonb NOT NULL,
     ledger_tx bigint NOT NULL REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX rebate_claims_member ON rebate_claims (member_id, id DESC)`,

  // flow: join (join, then claim when issued), claim (claim at once), raffle (daily draw), sign (sign-in).
  `CREATE TABLE promotions (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     code text NOT NULL,
     title jsonb NOT NULL,
     description jsonb NOT NULL,
     category text NOT NULL,
     flow text NOT NULL CHECK (flow IN ('join', 'claim', 'raffle', 'sign')),
     needs_review boolean NOT NULL DEFAULT false,
     bonus bigint NOT NULL DEFAULT 0 CHECK (bonus >= 0),
     starts_at timestamptz NOT NULL,
     ends_at timestamptz,
     sort integer NOT NULL DEFAULT 0,
     UNIQUE (merchant, code)
   )`,
  `CREATE TABLE member_promotions (
     member_id bigint NOT NULL REFERENCES members(id),
     promotion_id bigint NOT NULL REFERENCES promotions(id),
     status text NOT NULL CHECK (status IN ('CLAIM', 'APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED', 'PROCESS', 'JOINED', 'SIGNED')),
     amount bigint NOT NULL DEFAULT 0,
     ledger_tx bigint REFERENCES ledger_transactions(id),
     updated_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, promotion_id)
   )`,
  `CREATE TABLE raffle_draws (
     member_id bigint NOT NULL REFERENCES members(id),
     draw_date date NOT NULL,
     promotion_id bigint NOT NULL REFERENCES promotions(id),
     prize bigint NOT NULL CHECK (prize > 0),
     ledger_tx bigint NOT NULL REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, draw_date)
   )`,

  `CREATE TABLE missions (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     code text NOT NULL,
     title jsonb NOT NULL,
     description jsonb NOT NULL,
     metric text NOT NULL CHECK (metric IN ('BET_COUNT', 'TURNOVER', 'DEPOSIT')),
     game_type text,
     period text NOT NULL CHECK (period IN ('DAILY', 'MONTHLY')),
     target bigint NOT NULL CHECK (target > 0),
     reward bigint NOT NULL CHECK (reward > 0),
     sort integer NOT NULL DEFAULT 0,
     enabled boolean NOT NULL DEFAULT true,
     UNIQUE (merchant, code)
   )`,
  `CREATE TABLE mission_claims (
     member_id bigint NOT NULL REFERENCES members(id),
     mission_id bigint NOT NULL REFERENCES missions(id),
     period_key text NOT NULL,
     amount bigint NOT NULL,
     ledger_tx bigint NOT NULL REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, mission_id, period_key)
   )`,

  // A member-centre write by requestId: the same id again answers `result`; other content is a conflict.
  `CREATE TABLE reward_requests (
     member_id bigint NOT NULL REFERENCES members(id),
     request_id text NOT NULL,
     action text NOT NULL,
     fingerprint text NOT NULL,
     result jsonb NOT NULL,
     created_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, request_id)
   )`,
];
