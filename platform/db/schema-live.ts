// Migration 022 (issue 28, decision 053): the platform announces its own changes. A trigger on
// each table that holds what a player's open page shows sends NOTIFY "live" with the member it
// concerns, at commit (never for a rolled-back transaction; PostgreSQL sends one of each payload
// per transaction). The embedded platform hands these to the web tier, which reads the player's
// figures through the contract as it would after a poll: a hint to read now, never the figure.

export const liveAnnouncementsSchema: string[] = [
  `CREATE FUNCTION live_announce(member bigint, what text) RETURNS void LANGUAGE plpgsql AS $$
   DECLARE m record;
   BEGIN
     SELECT merchant, username INTO m FROM members WHERE id = member;
     IF FOUND THEN
       PERFORM pg_notify('live', json_build_object('merchant', m.merchant, 'user', lower(m.username), 'what', what)::text);
     END IF;
   END $$`,
  // A wallet's balance moved (a bet, a win, a transfer, a deposit approved, a payout, a salary).
  `CREATE FUNCTION live_wallet_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM live_announce(NEW.member_id, 'wallet');
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER live_wallet AFTER UPDATE OF balance ON ledger_accounts FOR EACH ROW
     WHEN (NEW.member_id IS NOT NULL AND NEW.balance IS DISTINCT FROM OLD.balance)
     EXECUTE FUNCTION live_wallet_changed()`,
  // A message arrived or was read.
  `CREATE FUNCTION live_inbox_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM live_announce(NEW.member_id, 'inbox');
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER live_inbox AFTER INSERT OR UPDATE OF read_at ON member_messages FOR EACH ROW EXECUTE FUNCTION live_inbox_changed()`,
  // A contract offered, answered or ended: both of its agents.
  `CREATE FUNCTION live_contract_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM live_announce(NEW.upline_id, 'agent');
     PERFORM live_announce(NEW.downline_id, 'agent');
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER live_contract AFTER INSERT OR UPDATE ON agent_contracts FOR EACH ROW EXECUTE FUNCTION live_contract_changed()`,
  // A downline registered: its upline.
  `CREATE FUNCTION live_downline_registered() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM live_announce(NEW.upline_id, 'agent');
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER live_downline AFTER INSERT ON members FOR EACH ROW WHEN (NEW.upline_id IS NOT NULL)
     EXECUTE FUNCTION live_downline_registered()`,
  // A login ended on the platform (logout, a password change elsewhere, self-exclusion).
  `CREATE FUNCTION live_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM live_announce(OLD.member_id, 'session');
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER live_session AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION live_session_ended()`,
];
