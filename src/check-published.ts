import { loadConfig } from "./config.ts";
import { checkPublishedFiles } from "./publish/check-published-files.ts";
import { siteStores } from "./storage/site-stores.ts";

/**
 * `npm run check:published`: checks every published JSON file where the site keeps them (PUBLISH_DIR,
 * or the bucket STORAGE_URL names) against its family's schema, and that each has its .gz and .br.
 * Prints one line per problem and a summary with the dates of /stats/manifest.json; exits 1 on any
 * problem.
 */
const store = siteStores(loadConfig()).published;
const { checked, problems, manifest } = await checkPublishedFiles(store);
for (const line of problems) console.log(line);
console.log(
  `${checked} files checked in ${store.description}: ${problems.length} problems; ` +
    (manifest
      ? `${manifest.days.length} days published, ${manifest.days[0]} to ${manifest.latest}`
      : "no manifest yet"),
);
process.exit(problems.length > 0 ? 1 : 0);
