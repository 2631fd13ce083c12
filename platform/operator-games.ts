import type { Db } from "./db/db";
import { OperatorError } from "./operator";

// The games slice's back-office command: a game, or a whole vendor, on or off (decision 014).

export interface GameSwitch {
  kind: "vendor" | "game";
  /** The vassalage or node id as stored. */
  target: string;
  name: string;
  enabled: boolean;
  /** Games switched. */
  games: number;
}

/**
 * `game <nodeId|vassalage> on|off`. A vendor code switches the vendor and every game of it (so
 * `on` also brings back its games switched off one by one); otherwise a node id switches that
 * game. Off: the game leaves every list and its launch answers game.maintenance.
 */
export async function setGameEnabled(db: Db, merchant: string, target: string, on: boolean): Promise<GameSwitch> {
  const wanted = target.trim();
  if (!wanted || wanted.length > 64) throw new OperatorError("Name a game's node id or a vendor code (at most 64 characters).");
  return db.tx(async (sql) => {
    const merchants = await sql.query("SELECT 1 FROM merchants WHERE code = $1", [merchant]);
    if (merchants.length === 0) throw new OperatorError(`Unknown merchant "${merchant}".`);
    const vendors = await sql.query<{ vassalage: string; display_name: string }>(
      "UPDATE vendors SET enabled = $3 WHERE merchant = $1 AND upper(vassalage) = upper($2) RETURNING vassalage, display_name",
      [merchant, wanted, on],
    );
    if (vendors[0]) {
      const games = await sql.query("UPDATE games SET enabled = $3 WHERE merchant = $1 AND vassalage = $2 RETURNING 1", [
        merchant,
        vendors[0].vassalage,
        on,
      ]);
      return { kind: "vendor", target: vendors[0].vassalage, name: vendors[0].display_name, enabled: on, games: games.length };
    }
    const [game] = await sql.query<{ node_id: string; name: string }>(
      "UPDATE games SET enabled = $3 WHERE merchant = $1 AND upper(node_id) = upper($2) RETURNING node_id, name",
      [merchant, wanted, on],
    );
    if (!game) throw new OperatorError(`No game node id or vendor "${wanted}" at merchant "${merchant}".`);
    return { kind: "game", target: game.node_id, name: game.name, enabled: on, games: 1 };
  });
}
