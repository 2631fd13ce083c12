// Migration 004: the game catalogue and play (decision 014). Games of every category (about
// 10,000 slots among them), favourites and recent games, lottery menus and draws, PvP rooms, the
// winners board, launch tokens of the demo games and their bets.

export const gamesSchema: string[] = [
  `CREATE TABLE games (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     node_id text NOT NULL,
     game_type text NOT NULL,
     vassalage text NOT NULL,
     classify text NOT NULL DEFAULT '',
     name text NOT NULL,
     lines integer NOT NULL DEFAULT 0,
     min_bet bigint NOT NULL DEFAULT 100,
     rtp numeric(5, 2) NOT NULL DEFAULT 96.00,
     is_hot boolean NOT NULL DEFAULT false,
     is_game text NOT NULL DEFAULT '',
     demo text NOT NULL DEFAULT 'slot' CHECK (demo IN ('slot', 'crash', 'lottery', 'none')),
     release_date date NOT NULL,
     sort integer NOT NULL DEFAULT 0,
     enabled boolean NOT NULL DEFAULT true,
     UNIQUE (merchant, node_id)
   )`,
  // The lobby's queries: a type (and vendor) page in its order, newest first, hot games.
  `CREATE INDEX games_type_order ON games (merchant, game_type, sort, id) WHERE enabled`,
  `CREATE INDEX games_vendor_order ON games (merchant, vassalage, sort, id) WHERE enabled`,
  `CREATE INDEX games_type_release ON games (merchant, game_type, release_date DESC, id) WHERE enabled`,
  `CREATE INDEX games_hot ON games (merchant, sort, id) WHERE enabled AND is_hot`,
  // The A–Z and highest-RTP sorts walk these instead of sorting 10,000 rows per page.
  `CREATE INDEX games_type_name ON games (merchant, game_type, lower(name), id) WHERE enabled`,
  `CREATE INDEX games_type_rtp ON games (merchant, game_type, rtp DESC, id) WHERE enabled`,

  `CREATE TABLE favourite_games (
     member_id bigint NOT NULL REFERENCES members(id),
     game_id bigint NOT NULL REFERENCES games(id),
     created_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, game_id)
   )`,
  `CREATE INDEX favourite_games_recent ON favourite_games (member_id, created_at DESC)`,
  `CREATE TABLE recent_games (
     member_id bigint NOT NULL REFERENCES members(id),
     game_id bigint NOT NULL REFERENCES games(id),
     played_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, game_id)
   )`,
  `CREATE INDEX recent_games_latest ON recent_games (member_id, played_at DESC)`,

  // Lottery: prize mode Lott (TCG lotteries), VN (Vietnam), SEA; games grouped as the menus show.
  `CREATE TABLE lottery_games (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     prize_mode text NOT NULL,
     group_code text NOT NULL,
     group_name jsonb NOT NULL,
     group_sort integer NOT NULL,
     code text NOT NULL,
     name jsonb NOT NULL,
     remark jsonb NOT NULL,
     draw_minutes integer NOT NULL,
     ball_count integer NOT NULL,
     ball_max integer NOT NULL,
     sort integer NOT NULL,
     is_popular boolean NOT NULL DEFAULT false,
     UNIQUE (merchant, code)
   )`,
  `CREATE TABLE lottery_draws (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL,
     code text NOT NULL,
     issue text NOT NULL,
     numbers text NOT NULL,
     drawn_at timestamptz NOT NULL,
     UNIQUE (merchant, code, issue),
     FOREIGN KEY (merchant, code) REFERENCES lottery_games(merchant, code)
   )`,
  `CREATE INDEX lottery_draws_latest ON lottery_draws (merchant, code, drawn_at DESC)`,
  `CREATE INDEX lottery_draws_time ON lottery_draws (merchant, drawn_at DESC)`,

  `CREATE TABLE pvp_rooms (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     game_id bigint NOT NULL REFERENCES games(id),
     name text NOT NULL,
     min_bet bigint NOT NULL,
     players integer NOT NULL,
     max_players integer NOT NULL,
     sort integer NOT NULL
   )`,

  // Seeded big wins; the board also shows real wins from bets.
  `CREATE TABLE seeded_winners (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     game_id bigint NOT NULL REFERENCES games(id),
     customer_name text NOT NULL,
     win_amount bigint NOT NULL,
     won_at timestamptz NOT NULL
   )`,

  // A launch: the address /play/<token> handed to the member's browser. Only the hash is kept.
  `CREATE TABLE game_launches (
     token_hash text PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     game_id bigint REFERENCES games(id),
     lottery_code text,
     -- LOTT lobby launches (no lottery_code): the prize mode whose games the board lists, or null for all.
     lottery_mode text,
     -- LOTT: where the board's back link goes (a relative path or an https URL), else null.
     back_url text,
     mode text NOT NULL CHECK (mode IN ('GLS', 'LOTT')),
     trial boolean NOT NULL,
     language text NOT NULL DEFAULT 'EN',
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL
   )`,

  // One bet of a demo game, written in the database transaction that moves its money: the stake by
  // the ledger transaction ledger_tx (kind bet), the win by payout_tx (kind payout; null without a win).
  `CREATE TABLE bets (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     game_id bigint NOT NULL REFERENCES games(id),
     round_key text NOT NULL,
     trial boolean NOT NULL,
     stake bigint NOT NULL CHECK (stake > 0),
     win bigint NOT NULL CHECK (win >= 0),
     outcome jsonb NOT NULL,
     ledger_tx bigint NOT NULL REFERENCES ledger_transactions(id),
     payout_tx bigint REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL,
     UNIQUE (member_id, round_key)
   )`,
  `CREATE INDEX bets_member_time ON bets (member_id, created_at DESC, id DESC)`,
  `CREATE INDEX bets_big_wins ON bets (merchant, win DESC) WHERE NOT trial AND win > 0`,
];

// Migration 008: an e-lottery game names the lottery its launch opens (SPEC point 3, Game (launch):
// code). The demo's three TC games get theirs here too, for databases seeded before this column.
export const gameLotteryCodeSchema: string[] = [
  `ALTER TABLE games ADD COLUMN lottery_code text NOT NULL DEFAULT ''`,
  `UPDATE games g SET lottery_code = c.code
     FROM (VALUES ('TCG_0001', '5D1'), ('TCG_0002', 'KENO5'), ('TCG_0003', 'PK10_3')) AS c(node_id, code)
    WHERE g.node_id = c.node_id AND g.game_type = 'ELOTT'
      AND EXISTS (SELECT 1 FROM lottery_games l WHERE l.merchant = g.merchant AND l.code = c.code)`,
];

// Migration 009 (issue 11): a launch belongs to the platform session that made it and ends with it
// (logout, expiry, password change, self-exclusion: every path that deletes the session row), and
// after LAUNCH_IDLE_MS without use. Launches made before this have no session and are dropped.
export const launchSessionSchema: string[] = [
  `DELETE FROM game_launches`,
  `ALTER TABLE game_launches ADD COLUMN session_hash text NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE`,
  `ALTER TABLE game_launches ADD COLUMN last_used_at timestamptz NOT NULL`,
  `CREATE INDEX game_launches_session ON game_launches (session_hash)`,
  `CREATE INDEX game_launches_member ON game_launches (member_id)`,
];
