import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContentFileError, isSafeLink, parseContentFile, renderMarkdown } from "./markdown.ts";

describe("the site's Markdown", () => {
  it("renders Markdown, with http(s), own and anchor links", () => {
    expect(renderMarkdown("**Top** [100](/top/viewers), [x](https://x.example/a) and [here](#data)")).toBe(
      '<p><strong>Top</strong> <a href="/top/viewers">100</a>, <a href="https://x.example/a">x</a> and <a href="#data">here</a></p>\n',
    );
  });

  it("lets no raw HTML through: tags are text", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nhi <b onclick="x">b</b>',
    );
    expect(html).not.toMatch(/<script|<img|<b /);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("hi &lt;b onclick=");
  });

  it("neutralises javascript:, data:, vbscript: and protocol-relative links", () => {
    for (const link of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:msgbox",
      "//evil.example/x",
      "file:///etc/passwd",
    ]) {
      const html = renderMarkdown(`[click](${link}) ![img](${link}) <${link}>`);
      expect(html, link).not.toContain("href=");
      expect(html, link).not.toContain("src=");
      expect(isSafeLink(link), link).toBe(false);
    }
    // A backslash, which browsers read as a slash, is refused, and markdown-it's own escape of it
    // (%5C) leaves a path on our site.
    expect(isSafeLink("/\\evil.example")).toBe(false);
    expect(renderMarkdown("[x](/\\evil.example)")).toContain('href="/%5Cevil.example"');
  });

  it("reads a content file's front matter by its schema, and fails loudly on a bad one", () => {
    const schema = z.strictObject({ id: z.string(), title: z.string() });
    expect(parseContentFile("a.md", "---\nid: a\ntitle: A title\n---\n\nBody *text*\n", schema)).toEqual({
      meta: { id: "a", title: "A title" },
      body: "\nBody *text*\n",
    });
    expect(() => parseContentFile("b.md", "No front matter", schema)).toThrow(ContentFileError);
    expect(() => parseContentFile("c.md", "---\nid: c\n---\nx", schema)).toThrow("c.md: front matter title:");
  });
});
