import { describe, expect, it } from "vitest";
import { parseUserRecord, serializeUserRecord, subjectOfToken } from "./user-record.ts";

describe("the local user record", () => {
  it("reads a record of ours and refuses anything else", () => {
    expect(parseUserRecord('{"id":"u1","email":"ann@example.com"}')).toEqual({
      id: "u1",
      email: "ann@example.com",
    });
    for (const bad of [
      null,
      "",
      "not json",
      "null",
      "[]",
      '"u1"',
      '{"id":"","email":"ann@example.com"}',
      '{"id":1,"email":"ann@example.com"}',
      '{"id":"u1"}',
      '{"id":"u1","email":"no-at-sign"}',
      `{"id":"u1","email":"${"a".repeat(300)}@example.com"}`,
    ]) {
      expect(parseUserRecord(bad), String(bad)).toBeNull();
    }
  });

  it("keeps only the id and the address: never a token", () => {
    const withToken = { id: "u1", email: "ann@example.com", token: "secret" } as never;
    expect(serializeUserRecord(withToken)).toBe('{"id":"u1","email":"ann@example.com"}');
  });

  it("reads the user id from a token's claims, and nothing from a malformed one", () => {
    const claims = Buffer.from(JSON.stringify({ sub: "user-42", sid: "s" })).toString("base64url");
    expect(subjectOfToken(`header.${claims}.signature`)).toBe("user-42");
    expect(subjectOfToken("no-dots")).toBeNull();
    expect(subjectOfToken("a.!!!.c")).toBeNull();
    const noSub = Buffer.from(JSON.stringify({ sid: "s" })).toString("base64url");
    expect(subjectOfToken(`h.${noSub}.s`)).toBeNull();
  });
});
