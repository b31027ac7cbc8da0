import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { GenderKey } from "../schema.ts";

export interface LocationCount {
  country: string;
  gender: GenderKey;
  performers: number;
}

/** How many performers of each country and gender were seen on the day (location_days). */
export async function locationCounts(db: Db, day: string): Promise<LocationCount[]> {
  const { rows } = await sql<LocationCount>`
    SELECT country, gender, performers FROM location_days
    WHERE day = ${day}::date ORDER BY country, gender`.execute(db);
  return rows;
}
