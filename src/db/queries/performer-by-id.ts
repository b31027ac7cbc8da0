import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { PerformerRef } from "./performer-lookup.ts";

/** A performer by our id (the API host's /wrapped/{id}); opted-out performers are not found. */
export async function findPerformerById(db: Db, performerId: number): Promise<PerformerRef | null> {
  const { rows } = await sql<PerformerRef>`
    SELECT p.performer_id AS "performerId", p.username FROM performers p
    WHERE p.performer_id = ${performerId}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows[0] ?? null;
}
