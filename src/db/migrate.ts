import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as collectedHistory from "./migrations/0001-collected-history.ts";
import * as performerDays from "./migrations/0002-performer-days.ts";
import * as tagLocationDays from "./migrations/0003-tag-location-days.ts";
import * as traffic from "./migrations/0004-traffic.ts";
import * as performerHours from "./migrations/0005-performer-hours.ts";
import * as tagSuggestions from "./migrations/0006-tag-suggestions.ts";
import * as rollupDays from "./migrations/0007-rollup-days.ts";
import * as nameSearch from "./migrations/0008-name-search.ts";
import * as summarySuggestions from "./migrations/0009-summary-suggestions.ts";
import * as searchTexts from "./migrations/0010-search-texts.ts";
import * as bioFetchFailures from "./migrations/0011-bio-fetch-failures.ts";
import * as mailLog from "./migrations/0012-mail-log.ts";
import * as identity from "./migrations/0013-identity.ts";
import * as lists from "./migrations/0014-lists.ts";
import * as listAlerts from "./migrations/0015-list-alerts.ts";
import * as performerClaims from "./migrations/0016-performer-claims.ts";
import * as performerProfiles from "./migrations/0017-performer-profiles.ts";
import * as performerThumbs from "./migrations/0018-performer-thumbs.ts";
import * as subjectGoals from "./migrations/0019-subject-goals.ts";
import * as tipMenus from "./migrations/0020-tip-menus.ts";
import * as bingoCards from "./migrations/0021-bingo-cards.ts";
import * as performerDayViewers from "./migrations/0022-performer-day-viewers.ts";
import * as pollHdRooms from "./migrations/0024-poll-hd-rooms.ts";
import * as knownSignInAddresses from "./migrations/0025-known-sign-in-addresses.ts";
import * as suggestionsOnce from "./migrations/0026-suggestions-once.ts";
import * as siteSecrets from "./migrations/0027-site-secrets.ts";
import * as moderation from "./migrations/0028-moderation.ts";
import * as sessionDevices from "./migrations/0029-session-devices.ts";
import * as optoutCodes from "./migrations/0030-optout-codes.ts";

/**
 * Migrations are listed here rather than read from a folder so they work the same under tsx,
 * Vitest and a bundled build. Names sort in the order they apply.
 */
const migrations: Record<string, Migration> = {
  "0001-collected-history": collectedHistory,
  "0002-performer-days": performerDays,
  "0003-tag-location-days": tagLocationDays,
  "0004-traffic": traffic,
  "0005-performer-hours": performerHours,
  "0006-tag-suggestions": tagSuggestions,
  "0007-rollup-days": rollupDays,
  "0008-name-search": nameSearch,
  "0009-summary-suggestions": summarySuggestions,
  "0010-search-texts": searchTexts,
  "0011-bio-fetch-failures": bioFetchFailures,
  "0012-mail-log": mailLog,
  "0013-identity": identity,
  "0014-lists": lists,
  "0015-list-alerts": listAlerts,
  "0016-performer-claims": performerClaims,
  "0017-performer-profiles": performerProfiles,
  "0018-performer-thumbs": performerThumbs,
  "0019-subject-goals": subjectGoals,
  "0022-performer-day-viewers": performerDayViewers,
  "0024-poll-hd-rooms": pollHdRooms,
  "0025-known-sign-in-addresses": knownSignInAddresses,
  "0026-suggestions-once": suggestionsOnce,
  "0027-site-secrets": siteSecrets,
  "0028-moderation": moderation,
  "0029-session-devices": sessionDevices,
  "0030-optout-codes": optoutCodes,
  "0021-bingo-cards": bingoCards,
  "0020-tip-menus": tipMenus,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  // Unordered: migrations are written on parallel branches, and one merged later may sort before
  // one a database has already applied (0006 landed after 0007). Each is independent of the others.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Applies exactly the named migrations (a restore rebuilds the schema a backup was taken at; the
 * next start applies the rest to the restored rows). Names this code does not know are refused.
 */
export async function migrateToThese<T>(db: Kysely<T>, names: string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in migrations));
  if (unknown.length > 0)
    throw new Error(
      `the backup's schema has migrations this code does not know (${unknown.join(", ")}): restore it with the version that took it, or a newer one`,
    );
  const chosen = Object.fromEntries(names.map((name) => [name, migrations[name] as Migration]));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => chosen },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The migrations this code knows that the database has not applied yet. A web node applies none
 * (the worker does, decision 0037): it waits for this to be empty before it serves.
 */
export async function pendingMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
