import { describe, expect, it } from "vitest";
import { ContentFileError } from "../markdown.ts";
import { reportMonthOfSlug, reportSlug, reportTitle } from "../urls/blog.ts";
import { blogPosts } from "./blog-posts.ts";

const post = (front: string, body = "Text.") => `---\n${front}\n---\n${body}`;
const GOOD = "title: A post\ndate: 2026-11-20\ntags: [rankings]\nsummary: What it says.";

describe("the blog's content files", () => {
  it("parse to posts newest first, the slug from the file's name unless the front matter gives one", () => {
    const posts = blogPosts({
      "content/blog/older-one.md": post(GOOD.replace("2026-11-20", "2026-11-01")),
      "content/blog/newer-one.md": post(GOOD),
      "content/blog/named.md": post(`${GOOD}\nslug: another-name`),
    });
    expect(posts.map((p) => [p.slug, p.date])).toEqual([
      ["another-name", "2026-11-20"],
      ["newer-one", "2026-11-20"],
      ["older-one", "2026-11-01"],
    ]);
    expect(posts[0]).toMatchObject({
      kind: "post",
      title: "A post",
      tags: ["rankings"],
      summary: "What it says.",
    });
  });

  it("render the Markdown without any HTML of the text's own", () => {
    const [rendered] = blogPosts({
      "x.md": post(
        GOOD,
        '# Head\n\n<script>alert(1)</script> <img src=x onerror="y"> [bad](javascript:alert(1))',
      ),
    });
    expect(rendered?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(rendered?.html).not.toMatch(/<script|<img|href="javascript/);
  });

  it("refuse a file naming it and the field, a report's slug, and two files with one slug", () => {
    expect(() => blogPosts({ "bad-date.md": post(GOOD.replace("2026-11-20", "20 November")) })).toThrow(
      /^bad-date\.md: front matter date: /,
    );
    expect(() => blogPosts({ "no-tags.md": post(GOOD.replace("tags: [rankings]", "tags: []")) })).toThrow(
      /^no-tags\.md: front matter tags: /,
    );
    expect(() => blogPosts({ "extra.md": post(`${GOOD}\ncolour: red`) })).toThrow(ContentFileError);
    expect(() => blogPosts({ "Bad Name.md": post(GOOD) })).toThrow(
      "Bad Name.md: the file name is not a slug",
    );
    expect(() => blogPosts({ "the-platform-in-may-2026.md": post(GOOD) })).toThrow("is a data report's");
    expect(() => blogPosts({ "a.md": post(`${GOOD}\nslug: b`), "b.md": post(GOOD) })).toThrow(
      "two posts have the slug b",
    );
  });

  it("name each month's report the same way both ways", () => {
    expect(reportSlug("2026-10")).toBe("the-platform-in-october-2026");
    expect(reportMonthOfSlug("the-platform-in-october-2026")).toBe("2026-10");
    expect(reportMonthOfSlug("the-platform-in-smarch-2026")).toBeNull();
    expect(reportMonthOfSlug("how-the-top-100-is-made")).toBeNull();
    expect(reportTitle("2027-01")).toBe("The platform in January 2027");
  });
});
