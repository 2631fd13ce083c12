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

// Migration 008: an e-lottery game names the lottery its launch opens (docs/SPEC.md point 3, Game (launch):
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

// Migration 012 (issue 14): lobbies at 100,000 games.
//
// The name search (a substring, any case) is a LIKE on lower(name), which a trigram GIN index
// answers from the index instead of reading every name. pg_trgm ships with PostgreSQL's contrib (a
// trusted extension: a database owner may create it) and with PGlite (db.ts loads it); where it
// cannot be had, the search stays a scan of the merchant's games, as before, and the migration
// still applies. The opclass is named with the extension's schema, which need not be on the path.
//
// A trigram holds three letters or digits, so a search of one or two ("ox", "7") finds no trigram
// to look up: for those, game_name_grams lists every one- and two-character piece of a
// (lower-cased) name and a GIN index over it answers "which names hold all these pieces".
//
// Each lobby order gets an index for the lists the site asks for, so a page walks one index in
// its order and a count reads only index entries (index-only scans): a category and vendor (a
// vendor tab; a vendor's own games, never its VASSALAGE entry), and the slot filter of docs/SPEC.md point 9
// (minimum bet 1.00 or more, 25 lines or more, either or both) as partial indexes. The A–Z indexes
// carry the name itself, without which no scan on lower(name) can skip the table.
const LOBBY_ORDERS: [suffix: string, key: string, include: string][] = [
  ["order", "sort, id", ""],
  ["release", "release_date DESC, id", ""],
  ["name", "lower(name), id", " INCLUDE (name)"],
  ["rtp", "rtp DESC, id", ""],
];
const SLOT_FILTERS: [prefix: string, predicate: string][] = [
  ["bet", "min_bet >= 100"],
  ["lines", "lines >= 25"],
  ["bet_lines", "min_bet >= 100 AND lines >= 25"],
];

export const gameSearchSchema: string[] = [
  `DO $$
   BEGIN
     CREATE EXTENSION IF NOT EXISTS pg_trgm;
   EXCEPTION WHEN OTHERS THEN
     RAISE WARNING 'pg_trgm is not available (%): game name search runs without its index', SQLERRM;
   END
   $$`,
  `DO $$
   DECLARE
     trgm_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
   BEGIN
     IF trgm_schema IS NOT NULL THEN
       EXECUTE format('CREATE INDEX games_name_trgm ON games USING gin (lower(name) %I.gin_trgm_ops)', trgm_schema);
     END IF;
   END
   $$`,
  // PL/pgSQL: about 10 µs a name in PGlite, where a SQL function over generate_series took 70. Its
  // cost is set high so the planner asks the index rather than call it on every row it reads.
  `CREATE FUNCTION game_name_grams(name text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $$
   DECLARE
     grams text[] := string_to_array(name, NULL);
   BEGIN
     FOR i IN 1 .. length(name) - 1 LOOP
       grams := grams || substr(name, i, 2);
     END LOOP;
     RETURN grams;
   END
   $$`,
  `CREATE INDEX games_name_grams ON games USING gin (game_name_grams(lower(name)))`,
  // A list of every type (a search across the catalogue) in the operator's order.
  `CREATE INDEX games_order ON games (merchant, sort, id) WHERE enabled`,
  `DROP INDEX games_type_name`,
  `CREATE INDEX games_type_name ON games (merchant, game_type, lower(name), id) INCLUDE (name) WHERE enabled`,
  ...LOBBY_ORDERS.map(
    ([suffix, key, include]) =>
      `CREATE INDEX games_type_vendor_${suffix} ON games (merchant, game_type, vassalage, ${key})${include} WHERE enabled AND is_game = ''`,
  ),
  ...SLOT_FILTERS.flatMap(([prefix, predicate]) =>
    LOBBY_ORDERS.map(
      ([suffix, key, include]) =>
        `CREATE INDEX games_${prefix}_${suffix} ON games (merchant, game_type, ${key})${include} WHERE enabled AND ${predicate}`,
    ),
  ),
];

// Migration 018 (issue 14): a search of one or two letters with more matches than the count cap
// walks the lobby's order and checks each name on the way ("ox", highest RTP, page 20 reads some
// 20,000 entries at 100,000 games). With the name in the order's index the walk is index-only:
// 32 → 17 ms for that page in PGlite. The A–Z index has carried the name since 012.
export const gameSearchCoveringSchema: string[] = [
  ["games_type_order", "game_type, sort, id"],
  ["games_type_release", "game_type, release_date DESC, id"],
  ["games_type_rtp", "game_type, rtp DESC, id"],
  ["games_order", "sort, id"],
].flatMap(([name, key]) => [`DROP INDEX ${name}`, `CREATE INDEX ${name} ON games (merchant, ${key}) INCLUDE (name) WHERE enabled`]);
