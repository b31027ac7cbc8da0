import { describe, expect, it } from "vitest";
import { checkOutgoingMail, InvalidMailError, type OutgoingMail } from "./outgoing-mail.ts";

const mail: OutgoingMail = {
  to: "Someone@Example.COM",
  subject: "  Confirm your address ",
  text: "https://camstats.example/verify?token=abc",
  kind: "verify-email",
};

function problemOf(change: Partial<OutgoingMail>): string {
  try {
    checkOutgoingMail({ ...mail, ...change });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMailError);
    return (error as Error).message;
  }
  throw new Error("expected an InvalidMailError");
}

describe("checkOutgoingMail", () => {
  it("lowercases the recipient and trims the subject", () => {
    expect(checkOutgoingMail(mail)).toEqual({
      ...mail,
      to: "someone@example.com",
      subject: "Confirm your address",
    });
  });

  it("refuses more than one bare address, and anything that could add a header", () => {
    expect(problemOf({ to: "a@example.com, b@example.com" })).toBe("to: expected one bare address");
    expect(problemOf({ to: "Someone <a@example.com>" })).toBe("to: expected one bare address");
    expect(problemOf({ to: "a@example.com\r\nBcc: b@example.com" })).toBe("to: expected one bare address");
    expect(problemOf({ subject: "Hi\r\nBcc: b@example.com" })).toBe(
      "subject: expected a subject without control characters",
    );
  });

  it("wants a subject, a text body and a kind", () => {
    expect(problemOf({ subject: " " })).toBe("subject: expected a subject");
    expect(problemOf({ text: "" })).toBe("text: expected a text body");
    expect(problemOf({ kind: "Verify Email" })).toBe("kind: expected a kind such as verify-email");
  });

  it("takes an absolute http(s) unsubscribe URL, and nothing that could break its header", () => {
    const url = "https://camstats.example/v1/list_alerts/unsubscribe?token=u.L.m-_";
    expect(checkOutgoingMail({ ...mail, unsubscribeUrl: url }).unsubscribeUrl).toBe(url);
    const refused = "unsubscribeUrl: expected an absolute http(s) unsubscribe URL";
    for (const bad of [
      "/v1/list_alerts/unsubscribe?token=x",
      "mailto:unsubscribe@example.com",
      "javascript:alert(1)",
      "https://camstats.example/x\r\nBcc: b@example.com",
      "https://camstats.example/x y",
      "https://camstats.example/x>, <https://evil.example/",
      "https://camstats.example/é",
    ])
      expect(problemOf({ unsubscribeUrl: bad })).toBe(refused);
    expect(problemOf({ unsubscribeUrl: `https://camstats.example/${"a".repeat(2000)}` })).toBe(
      "unsubscribeUrl: expected an unsubscribe URL under 2,000 characters",
    );
  });
});
