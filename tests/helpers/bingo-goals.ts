import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";

/** A subject_goals row as the parser would keep it (the parser is the tip menu search's). */
export async function insertSubjectGoal(
  db: Db,
  g: {
    performerId: number;
    item: string;
    key?: string;
    tokens: number;
    kind?: "goal" | "left";
    gender?: "f" | "m" | "t" | "c";
    lastSeen: string;
  },
): Promise<void> {
  await sql`
    INSERT INTO subject_goals (performer_id, item_key, item, tokens, amount_kind, gender, first_seen, last_seen)
    VALUES (${g.performerId}, ${g.key ?? g.item.toLowerCase()}, ${g.item}, ${g.tokens}, ${g.kind ?? "goal"},
      ${g.gender ?? "f"}, ${g.lastSeen}, ${g.lastSeen})`.execute(db);
}
