import { describe, expect, it } from "vitest";
import type { StoredMail } from "../../mail/mail-store.ts";
import { devMailPage } from "./dev-mail-page.ts";

const hostile: StoredMail = {
  id: "1764072000000-0a1b2c3d",
  to: ["a@example.com"],
  from: '"<script>x</script>" <evil@example.com>',
  subject: "<img src=x onerror=alert(1)> & more",
  text: 'Click </pre><script>alert(1)</script> https://camstats.example/verify?a=1&b="2"',
  html: '<script>alert("html part")</script><iframe src="https://evil.example"></iframe>',
  links: ['https://camstats.example/verify?a=1&b="2"'],
  receivedAt: "2026-11-25T12:00:00.000Z",
};

describe("the /dev/mail page", () => {
  it("escapes everything a mail brings and never includes its HTML part", () => {
    const page = devMailPage([hostile], { to: undefined, limit: 100 });
    expect(page).not.toContain("<script");
    expect(page).not.toContain("<img");
    expect(page).not.toContain("<iframe");
    expect(page).not.toContain("html part");
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; more");
    expect(page).toContain("Click &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain(
      '<a href="https://camstats.example/verify?a=1&amp;b=&quot;2&quot;">https://camstats.example/verify?a=1&amp;b=&quot;2&quot;</a>',
    );
    expect(page).toContain("It also has an HTML part (");
  });

  it("says when there is no mail, names the filtered recipient, and labels its form", () => {
    const page = devMailPage([], { to: "a@example.com", limit: 100 });
    expect(page).toContain("<h1>Mail sent to a@example.com</h1>");
    expect(page).toContain("<p>No mail yet.</p>");
    expect(page).toContain('<label for="to">Recipient</label>');
    expect(page).toContain('<input id="to" name="to" type="email" value="a@example.com"');
    expect(page).toContain('<html lang="en">');
  });
});
