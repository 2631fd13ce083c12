// Migration 007: responsible gaming (limits, reality check, self-exclusion), the player's profile
// (avatar, uploads) and the idempotency record of the member-centre writes of decision 018.

export const playerSchema: string[] = [
  // amount: minor units for DEPOSIT and LOSS, minutes for SESSION; null = no limit in force.
  // pending_from set = a change waiting to apply at that time; pending_amount null then = removal.
  `CREATE TABLE rg_limits (
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     type text NOT NULL CHECK (type IN ('DEPOSIT', 'LOSS', 'SESSION')),
     period text NOT NULL CHECK (period IN ('DAY', 'WEEK', 'MONTH')),
     amount bigint CHECK (amount > 0),
     pending_amount bigint CHECK (pending_amount > 0),
     pending_from timestamptz,
     updated_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, type, period)
   )`,
  `CREATE TABLE rg_settings (
     member_id bigint PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
     reality_check_minutes integer NOT NULL DEFAULT 0 CHECK (reality_check_minutes IN (0, 15, 30, 60, 120)),
     self_excluded_until timestamptz,
     updated_at timestamptz NOT NULL
   )`,
  // One row per member-centre write carrying a requestId: the same id answers the stored answer.
  `CREATE TABLE player_requests (
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     request_id text NOT NULL,
     body_hash text NOT NULL,
     answer jsonb NOT NULL,
     created_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, request_id)
   )`,
  `CREATE TABLE player_profiles (
     member_id bigint PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
     avatar_type text NOT NULL CHECK (avatar_type IN ('STATIC', 'CUSTOM')),
     avatar text NOT NULL,
     updated_at timestamptz NOT NULL
   )`,
  `CREATE TABLE avatar_uploads (
     id text PRIMARY KEY,
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
     data bytea NOT NULL,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX avatar_uploads_member ON avatar_uploads (member_id)`,
  // Logged-in time for the session-time limit: one row per session, kept after the session ends
  // (logout and expiry delete sessions). A trigger follows the sessions table: started_at =
  // created_at, last_seen_at = the last request = expires_at − the 12-hour idle window
  // (services/sessions.ts SESSION_IDLE_MS), never before the start.
  `CREATE TABLE rg_session_log (
     token_hash text PRIMARY KEY,
     member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
     started_at timestamptz NOT NULL,
     last_seen_at timestamptz NOT NULL
   )`,
  `CREATE INDEX rg_session_log_member ON rg_session_log (member_id, last_seen_at)`,
  `CREATE FUNCTION rg_log_session() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO rg_session_log (token_hash, member_id, started_at, last_seen_at)
     VALUES (NEW.token_hash, NEW.member_id, NEW.created_at, greatest(NEW.created_at, NEW.expires_at - interval '12 hours'))
     ON CONFLICT (token_hash) DO UPDATE SET last_seen_at = greatest(rg_session_log.last_seen_at, EXCLUDED.last_seen_at);
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER sessions_rg_log AFTER INSERT OR UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION rg_log_session()`,
  // Binding codes (bindEmail, bindMobile) are new purposes; the list of purposes lives in the
  // CodePurpose type of services/verification-codes.ts from now on.
  `ALTER TABLE verification_codes DROP CONSTRAINT IF EXISTS verification_codes_purpose_check`,
];
