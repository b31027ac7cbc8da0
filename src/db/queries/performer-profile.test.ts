import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { performerProfile } from "./performer-profile.ts";

describe("the performer page's profile", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await insertPerformer(t.db, { username: "ann", tags: ["cute", "asian"] });
  });
  afterAll(() => t.drop());

  it("lists the feed's tags, then those a reviewer approved (issue 30), never pending or rejected ones", async () => {
    await sql`INSERT INTO tag_suggestions (username, tag, status, reviewed_at) VALUES
      ('ann', 'zumba', 'approved', now()), ('ann', 'chess', 'approved', now()), ('ann', 'cute', 'approved', now()),
      ('ann', 'pending', 'pending', NULL), ('ann', 'nope', 'rejected', now())`.execute(t.db);
    expect((await performerProfile(t.db, "ann"))?.tags).toEqual(["cute", "asian", "chess", "zumba"]);
  });
});
