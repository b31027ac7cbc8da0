import { describe, expect, it } from "vitest";
import { checkOutgoingMail } from "../mail/outgoing-mail.ts";
import {
  ALERT_MAIL_KIND,
  alertMail,
  DIGEST_MAIL_KIND,
  digestMail,
  MAX_NAMES_PER_ALERT,
  unsubscribeUrl,
} from "./alert-mail.ts";

const ORIGIN = "https://camstats.test";
const UNSUBSCRIBE = unsubscribeUrl(ORIGIN, "u.L.mac");

describe("go-live mails", () => {
  it("names the performer, the list and the links, in plain text, with the unsubscribe link", () => {
    const mail = alertMail({
      to: "ann@example.com",
      listId: "Ab3dEf7hIj9k",
      listName: "Best <b>&</b> brightest",
      usernames: ["alice"],
      origin: ORIGIN,
      unsubscribe: UNSUBSCRIBE,
    });
    expect(UNSUBSCRIBE).toBe("https://camstats.test/v1/list_alerts/unsubscribe?token=u.L.mac");
    expect(mail).toEqual({
      to: "ann@example.com",
      kind: ALERT_MAIL_KIND,
      subject: "alice is live now",
      text: [
        'Live now, from your list "Best <b>&</b> brightest":',
        "",
        "alice: https://camstats.test/alice",
        "",
        "The list: https://camstats.test/lists/Ab3dEf7hIj9k",
        "",
        "You chose a mail whenever a performer of this list goes live (at most one a performer every 6 hours).",
        `Stop these mails: ${UNSUBSCRIBE}`,
        "",
      ].join("\n"),
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(ALERT_MAIL_KIND).toBe("list-alert");
    // What the mailer checks before sending.
    expect(checkOutgoingMail(mail).unsubscribeUrl).toBe(UNSUBSCRIBE);
  });

  it("puts several performers of one poll in one mail, and counts the ones past the limit", () => {
    const base = {
      to: "a@example.com",
      listId: "Ab3dEf7hIj9k",
      listName: "L",
      origin: ORIGIN,
      unsubscribe: UNSUBSCRIBE,
    };
    expect(alertMail({ ...base, usernames: ["ann", "bea"] }).subject).toBe("ann and bea are live now");
    expect(alertMail({ ...base, usernames: ["ann", "bea", "cleo"] }).subject).toBe(
      "ann, bea and cleo are live now",
    );
    const many = Array.from({ length: MAX_NAMES_PER_ALERT + 5 }, (_, i) => `p${i}`);
    const mail = alertMail({ ...base, usernames: many });
    expect(mail.subject).toBe(`p0, p1 and ${many.length - 2} more are live now`);
    expect(mail.text).toContain(
      `p${MAX_NAMES_PER_ALERT - 1}: https://camstats.test/p${MAX_NAMES_PER_ALERT - 1}`,
    );
    expect(mail.text).not.toContain(`p${MAX_NAMES_PER_ALERT}:`);
    expect(mail.text).toContain("and 5 more");
  });

  it("gathers a day by list in the digest, and sends none for a quiet day", () => {
    const through = new Date("2026-11-25T08:00:00Z");
    const base = { to: "a@example.com", through, origin: ORIGIN, unsubscribe: UNSUBSCRIBE };
    expect(digestMail({ ...base, lines: [] })).toBeNull();
    const mail = digestMail({
      ...base,
      lines: [
        {
          listId: "Ab3dEf7hIj9k",
          listName: "Faves",
          username: "ann",
          lastWentLiveAt: new Date("2026-11-24T21:05:00Z"),
          times: 1,
        },
        {
          listId: "Ab3dEf7hIj9k",
          listName: "Faves",
          username: "bea",
          lastWentLiveAt: new Date("2026-11-24T20:00:00Z"),
          times: 3,
        },
        {
          listId: "Zz3dEf7hIj9k",
          listName: "Others",
          username: "ann",
          lastWentLiveAt: new Date("2026-11-24T21:05:00Z"),
          times: 1,
        },
      ],
    });
    expect(mail).toEqual({
      to: "a@example.com",
      kind: DIGEST_MAIL_KIND,
      subject: "2 performers from your lists went live in the past day",
      text: [
        "Who went live in the day to 08:00 UTC, from your lists with a daily digest:",
        "",
        "Faves (https://camstats.test/lists/Ab3dEf7hIj9k)",
        "  ann, went live 2026-11-24 21:05 UTC: https://camstats.test/ann",
        "  bea, went live 3 times, last 2026-11-24 20:00 UTC: https://camstats.test/bea",
        "",
        "Others (https://camstats.test/lists/Zz3dEf7hIj9k)",
        "  ann, went live 2026-11-24 21:05 UTC: https://camstats.test/ann",
        "",
        "You chose a daily digest for these lists.",
        `Stop every daily digest: ${UNSUBSCRIBE}`,
        "",
      ].join("\n"),
      unsubscribeUrl: UNSUBSCRIBE,
    });
  });
});
