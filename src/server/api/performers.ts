import type { Db } from "../../db/connect.ts";
import { findPerformer, type PerformerRef } from "../../db/queries/performer-lookup.ts";
import { unknownPerformer } from "./api-error.ts";

/** The performer a call names, or the API's 404 for a name we have not seen (or that opted out). */
export async function requirePerformer(db: Db, name: string): Promise<PerformerRef> {
  const performer = await findPerformer(db, name);
  if (!performer) throw unknownPerformer(name);
  return performer;
}
