import { describe, expect, it, vi } from "vitest";
import type { AccountSession } from "../account/account-session.ts";
import { AccountCallError } from "../account/api-answer.ts";
import type { ListView } from "./list-data.ts";
import { listHolds, OwnedListsStore } from "./owned-lists.ts";

const session = {} as AccountSession;
const view = (listId: string, performers: string[] = []): ListView => ({
  listId,
  name: listId,
  description: "",
  isPublic: false,
  performers,
  image: null,
});

describe("the owned lists store", () => {
  it("asks once per user, however many controls ask, and again only when told", async () => {
    const fetchOwned = vi.fn(async () => [view("a"), view("b")]);
    const store = new OwnedListsStore(fetchOwned);
    await Promise.all([store.load(session, "u1"), store.load(session, "u1"), store.load(session, "u1")]);
    expect(fetchOwned).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ userId: "u1", status: "ready" });
    expect(store.getState().lists.map((l) => l.listId)).toEqual(["a", "b"]);
    await store.load(session, "u1", true);
    expect(fetchOwned).toHaveBeenCalledTimes(2);
  });

  it("starts again for another user and forgets everything on sign-out", async () => {
    const store = new OwnedListsStore(async () => [view("a")]);
    await store.load(session, "u1");
    const other = store.load(session, "u2");
    expect(store.getState()).toMatchObject({ userId: "u2", status: "loading", lists: [] });
    await other;
    store.clear();
    expect(store.getState()).toMatchObject({ userId: null, status: "idle", lists: [] });
  });

  it("keeps lists current from the calls' answers: replaced in place, new ones first, deleted ones out", async () => {
    const store = new OwnedListsStore(async () => [view("a"), view("b")]);
    await store.load(session, "u1");
    const seen = vi.fn();
    store.subscribe(seen);
    store.put(view("b", ["ann"]));
    store.put(view("c"));
    expect(store.getState().lists.map((l) => [l.listId, l.performers])).toEqual([
      ["c", []],
      ["a", []],
      ["b", ["ann"]],
    ]);
    store.drop("a");
    expect(store.getState().lists.map((l) => l.listId)).toEqual(["c", "b"]);
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it("says why when the lists cannot be loaded", async () => {
    const problem = {
      status: 503,
      code: "unavailable",
      message: "Down for a moment.",
      retryAfterSeconds: null,
    };
    const store = new OwnedListsStore(async () => {
      throw new AccountCallError("Failed fetch", problem);
    });
    await store.load(session, "u1");
    expect(store.getState()).toMatchObject({ status: "failed", error: "Down for a moment." });
  });

  it("finds a performer in a list whatever the case", () => {
    expect(listHolds(view("a", ["ann_b"]), "Ann_B")).toBe(true);
    expect(listHolds(view("a", ["ann_b"]), "ann")).toBe(false);
  });
});
