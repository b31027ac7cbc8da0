import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoginStatusProvider, useLoginStatus } from "./login-status.tsx";

function Status() {
  const { status, user, session } = useLoginStatus();
  return createElement("p", null, `${String(status)} ${user === null} ${session === null}`);
}

describe("useLoginStatus (SPEC §4, §8)", () => {
  it("throws outside its provider", () => {
    expect(() => renderToString(createElement(Status))).toThrow(/outside LoginStatusProvider/);
  });

  it("says unknown on the server, with no user and no session: the page stays anonymous", () => {
    const html = renderToString(createElement(LoginStatusProvider, null, createElement(Status)));
    expect(html).toBe("<p>unknown true true</p>");
  });
});
