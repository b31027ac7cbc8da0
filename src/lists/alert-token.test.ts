import { describe, expect, it } from "vitest";
import { alertTokenKey, DIGEST_SCOPE, signAlertToken, verifyAlertToken } from "./alert-token.ts";

const USER = "0b5f3c1e-8a4d-4c2b-9e7f-1a2b3c4d5e6f";
const LIST = "Ab3dEf7hIj9k";

describe("unsubscribe tokens", () => {
  const key = alertTokenKey("s".repeat(48));

  it("names the user and the list (or every digest), and is URL-safe", () => {
    const token = signAlertToken(key, { userId: USER, scope: LIST });
    expect(token).toMatch(/^[0-9a-f-]{36}\.[0-9A-Za-z]{12}\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(verifyAlertToken(key, token)).toEqual({ userId: USER, scope: LIST });
    const digest = signAlertToken(key, { userId: USER, scope: DIGEST_SCOPE });
    expect(verifyAlertToken(key, digest)).toEqual({ userId: USER, scope: DIGEST_SCOPE });
  });

  it("refuses a token changed, cut, made with another key, or malformed", () => {
    const token = signAlertToken(key, { userId: USER, scope: LIST });
    const [user, list, mac] = token.split(".") as [string, string, string];
    const other = "1b5f3c1e-8a4d-4c2b-9e7f-1a2b3c4d5e6f";
    expect(verifyAlertToken(key, `${other}.${list}.${mac}`)).toBeNull();
    expect(verifyAlertToken(key, `${user}.Zb3dEf7hIj9k.${mac}`)).toBeNull();
    expect(verifyAlertToken(key, `${user}.${DIGEST_SCOPE}.${mac}`)).toBeNull();
    expect(verifyAlertToken(key, token.slice(0, -1))).toBeNull();
    expect(verifyAlertToken(alertTokenKey("t".repeat(48)), token)).toBeNull();
    for (const bad of [
      "",
      "...",
      `${token}.x`,
      `${user}.${list}`,
      `${user}.../..${mac}`,
      `${user}.${list}.${"A".repeat(43)}`,
    ])
      expect(verifyAlertToken(key, bad)).toBeNull();
  });

  it("derives its own key from the auth secret, not the secret itself", () => {
    expect(alertTokenKey("s".repeat(48))).toEqual(key);
    expect(key.equals(Buffer.from("s".repeat(48)))).toBe(false);
    expect(key).toHaveLength(32);
  });
});
