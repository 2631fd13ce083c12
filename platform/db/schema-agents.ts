// Migration 013 (issue 12, decision 025): the agent's team and contracts.

export const agentsSchema: string[] = [
  // Every ancestor of every account, itself at depth 0; written in the transaction that creates
  // the account. An agent's team is its rows of depth > 0.
  `CREATE TABLE member_tree (
     ancestor_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     descendant_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     depth integer NOT NULL CHECK (depth >= 0),
     PRIMARY KEY (ancestor_id, descendant_id)
   )`,
  `CREATE INDEX member_tree_ancestor_depth ON member_tree (ancestor_id, depth, descendant_id)`,
  `CREATE INDEX member_tree_descendant ON member_tree (descendant_id, depth)`,
  `CREATE INDEX members_upline ON members (upline_id) WHERE upline_id IS NOT NULL`,
  // Triggers keep it true on every path that creates an account or moves one (seed, register,
  // free play, social login, an agent's register centre), in that statement's transaction.
  `CREATE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
     IF NEW.upline_id IS NOT NULL THEN
       INSERT INTO member_tree (ancestor_id, descendant_id, depth)
       SELECT ancestor_id, NEW.id, depth + 1 FROM member_tree WHERE descendant_id = NEW.upline_id;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.upline_id IS NOT NULL AND EXISTS (SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id) THEN
       RAISE EXCEPTION 'an account cannot be placed under its own team';
     END IF;
     DELETE FROM member_tree
      WHERE descendant_id IN (SELECT descendant_id FROM member_tree WHERE ancestor_id = NEW.id)
        AND ancestor_id IN (SELECT ancestor_id FROM member_tree WHERE descendant_id = NEW.id AND ancestor_id <> NEW.id);
     IF NEW.upline_id IS NOT NULL THEN
       INSERT INTO member_tree (ancestor_id, descendant_id, depth)
       SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
         FROM member_tree a JOIN member_tree d ON d.ancestor_id = NEW.id
        WHERE a.descendant_id = NEW.upline_id;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER members_tree_insert AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION member_tree_insert()`,
  `CREATE TRIGGER members_tree_move AFTER UPDATE OF upline_id ON members FOR EACH ROW
     WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION member_tree_move()`,
  // Accounts made before this migration.
  `INSERT INTO member_tree (ancestor_id, descendant_id, depth)
   WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
     SELECT id, id, 0 FROM members
     UNION ALL
     SELECT up.descendant_id, m.upline_id, up.depth + 1 FROM up JOIN members m ON m.id = up.ancestor_id
      WHERE m.upline_id IS NOT NULL AND up.depth < 64
   )
   SELECT ancestor_id, descendant_id, depth FROM up`,

  // A frozen account neither sends nor receives agent transfers (operator command freeze).
  `ALTER TABLE members ADD COLUMN frozen boolean NOT NULL DEFAULT false`,

  // Agent announcements (AGEANNOUNCE3): content is HTML the app sanitizes.
  `CREATE TABLE agent_announcements (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     title jsonb NOT NULL,
     content jsonb NOT NULL,
     published_at timestamptz NOT NULL
   )`,
  `CREATE INDEX agent_announcements_merchant_time ON agent_announcements (merchant, published_at DESC, id DESC)`,

  // One row per offer between an upline and a direct downline agent (decision 025).
  `CREATE TABLE agent_contracts (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     contract_type text NOT NULL CHECK (contract_type IN ('DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME')),
     upline_id bigint NOT NULL REFERENCES members(id),
     downline_id bigint NOT NULL REFERENCES members(id),
     status text NOT NULL CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED', 'FINISHED')),
     request text CHECK (request IN ('NEW', 'TERMINATION')),
     request_by text CHECK (request_by IN ('UPLINE', 'DOWNLINE')),
     terms jsonb NOT NULL,
     rate numeric(5, 2) NOT NULL CHECK (rate >= 0 AND rate <= 100),
     created_at timestamptz NOT NULL,
     accepted_at timestamptz,
     finished_at timestamptz,
     settled_until timestamptz,
     CHECK (upline_id <> downline_id),
     CHECK ((request IS NULL) = (request_by IS NULL))
   )`,
  // A pair has at most one open offer and one accepted contract of a type at a time.
  `CREATE UNIQUE INDEX agent_contracts_one_pending ON agent_contracts (downline_id, contract_type) WHERE status = 'PENDING'`,
  `CREATE UNIQUE INDEX agent_contracts_one_accepted ON agent_contracts (downline_id, contract_type) WHERE status = 'ACCEPTED'`,
  `CREATE INDEX agent_contracts_upline ON agent_contracts (upline_id, contract_type, created_at DESC)`,
  `CREATE INDEX agent_contracts_due ON agent_contracts (merchant, contract_type) WHERE status = 'ACCEPTED'`,

  // One row per contract and period settled, paid or not (amount 0): the period is never paid twice.
  `CREATE TABLE contract_settlements (
     contract_id bigint NOT NULL REFERENCES agent_contracts(id),
     period_start timestamptz NOT NULL,
     period_end timestamptz NOT NULL,
     valid_bet bigint NOT NULL,
     profit_loss bigint NOT NULL,
     active_members integer NOT NULL,
     amount bigint NOT NULL CHECK (amount >= 0),
     ledger_tx bigint REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL,
     PRIMARY KEY (contract_id, period_start)
   )`,
];

// Migration 014 (decision 025, the agent's team and reports): what an affiliate code opens and
// when it was made (MCS2_getAffiliateLinks, MCS2_createAffiliateCode), and the indexes the team
// reports need at 10,000 downlines (scripts/bench-agent-tree.ts).
export const agentIndexesSchema: string[] = [
  // account_type 1: a registration with the code opens a sub-agent of the code's owner.
  `ALTER TABLE affiliate_codes
     ADD COLUMN account_type smallint NOT NULL DEFAULT 0 CHECK (account_type IN (0, 1)),
     ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE INDEX affiliate_codes_member ON affiliate_codes (member_id, created_at)`,
  // The ledger movements the team reports read by kind and time (bonuses in the team's profit and
  // loss, the agent's income, transfers between uplines and downlines): a few among the bets and
  // payouts, found without scanning the whole ledger. The reports name these kinds literally, so
  // the planner can use it.
  `CREATE INDEX ledger_transactions_agent_reports ON ledger_transactions (merchant, created_at)
     WHERE kind IN ('promotion', 'rebate', 'raffle', 'mission', 'agent.commission', 'agent.dividend', 'agent.salary.daily',
                    'agent.salary.hourly', 'agent.salary.realtime', 'agent.transfer.down', 'agent.transfer.up', 'upline.transfer',
                    'upline_transfer')`,
  // The team's bet figures (overview, profit and loss, team betting's summary) sum stake and win of
  // each team account over a time range: read from this index alone (no heap visit), account by
  // account, instead of scanning every bet of the merchant in the range.
  `CREATE INDEX bets_member_time_sums ON bets (member_id, created_at) INCLUDE (stake, win) WHERE NOT trial`,
  // Team betting's page (newest first): the merchant's bets walked back in time, each checked
  // against the team (member_tree's key), until the page is full; a large team fills it at once.
  `CREATE INDEX bets_time ON bets (created_at DESC, id DESC) WHERE NOT trial`,
  // A salary or dividend in the agent's income names its contract and period.
  `CREATE INDEX contract_settlements_ledger_tx ON contract_settlements (ledger_tx) WHERE ledger_tx IS NOT NULL`,
];

// Migration 019 (issue 25, decision 034): a contract paying above its upline's own terms (or the
// operator's maxima) is paid at that bound and flagged for the operator; each settled period says
// whether it was paid at the bound.
export const contractBoundsSchema: string[] = [
  `ALTER TABLE agent_contracts ADD COLUMN flagged_at timestamptz, ADD COLUMN flag jsonb`,
  `CREATE INDEX agent_contracts_flagged ON agent_contracts (merchant, flagged_at DESC) WHERE flagged_at IS NOT NULL`,
  `ALTER TABLE contract_settlements ADD COLUMN capped boolean NOT NULL DEFAULT false`,
];
