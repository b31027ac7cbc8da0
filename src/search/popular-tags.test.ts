import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertSearchPerformers } from "../../tests/helpers/search-performers.ts";
import { createSearchService, type SearchService } from "./search-service.ts";

describe("SearchService.popularTags (the search page's tag picker)", () => {
  let t: TestDatabase;
  let search: SearchService;

  beforeAll(async () => {
    t = await createTestDatabase();
    await insertSearchPerformers(t.db);
    search = createSearchService(t.db);
  });
  afterAll(async () => {
    search?.close();
    await t?.drop();
  });

  it("gives the index's tags, most used first, ties by name, at most the limit", async () => {
    // bulk 120, asian 14 (ann, dee and every tenth bulk), cute 2, couple 1, muscle 1.
    expect(await search.popularTags(10)).toEqual(["bulk", "asian", "cute", "couple", "muscle"]);
    expect(await search.popularTags(2)).toEqual(["bulk", "asian"]);
  });
});
