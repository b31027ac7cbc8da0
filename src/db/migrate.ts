import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as collectedHistory from "./migrations/0001-collected-history.ts";
import * as performerDays from "./migrations/0002-performer-days.ts";
import * as tagLocationDays from "./migrations/0003-tag-location-days.ts";
import * as tagSuggestions from "./migrations/0006-tag-suggestions.ts";

/**
 * Migrations are listed here rather than read from a folder so they work the same under tsx,
 * Vitest and a bundled build. Names sort in the order they apply.
 */
const migrations: Record<string, Migration> = {
  "0001-collected-history": collectedHistory,
  "0002-performer-days": performerDays,
  "0003-tag-location-days": tagLocationDays,
  "0006-tag-suggestions": tagSuggestions,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
