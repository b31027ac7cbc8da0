import { loadConfig } from "../../src/config.ts";
import { publishMonthlyReports } from "../../src/publish/reports/monthly-reports.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { testPublishContext } from "../helpers/publish.ts";
import { insertReportHistory, REPORT_DAY } from "../helpers/report-history.ts";
import type { SiteUnderTest } from "./browser-site.ts";

/** The blog's site for the browser tests: the reports' history, its reports published as the daily job would. */
export async function startBlogSite(): Promise<SiteUnderTest> {
  const t = await createTestDatabase();
  await insertReportHistory(t.db);
  const context = await testPublishContext(t.db);
  await publishMonthlyReports(context, REPORT_DAY);
  const app = testApp(t.db, {
    publishDir: context.root,
    config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
  });
  return { app, cleanUp: [() => context.remove(), () => t.drop()] };
}
