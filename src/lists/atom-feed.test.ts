import { describe, expect, it } from "vitest";
import { xml2js } from "xml-js";
import { listAtomFeed } from "./atom-feed.ts";

type Node = { _text?: string; _cdata?: string; _attributes?: Record<string, string> } & Record<
  string,
  unknown
>;
const text = (node: unknown) => (node as Node)._text ?? (node as Node)._cdata;
const many = (node: unknown) => (Array.isArray(node) ? node : node === undefined ? [] : [node]) as Node[];

describe("a list's Atom feed", () => {
  const at = (iso: string) => new Date(iso);
  const feedOf = (name: string, events: { performerId: number; username: string; wentLiveAt: Date }[]) =>
    xml2js(
      listAtomFeed({
        origin: "http://localhost:3000",
        siteName: "camstats",
        listId: "Ab3dEf7hIj9k",
        name,
        description: "",
        events,
        listUpdatedAt: at("2026-11-20T00:00:00Z"),
      }),
      { compact: true },
    ) as { feed: Node };

  it("has the list's name as its title, escaped, and one entry per go-live, newest first", () => {
    const { feed } = feedOf("Mine <b>&amp; & 'yours'</b>", [
      { performerId: 7, username: "bea", wentLiveAt: at("2026-11-25T10:00:00Z") },
      { performerId: 3, username: "ann", wentLiveAt: at("2026-11-25T09:00:00Z") },
    ]);
    // Exactly what the owner typed, after the XML is parsed: nothing lost, nothing added.
    expect(text(feed.title)).toBe("Mine <b>&amp; & 'yours'</b>");
    expect(text(feed.id)).toBe("tag:localhost,2026:lists/Ab3dEf7hIj9k");
    expect(text(feed.updated)).toBe("2026-11-25T10:00:00.000Z");
    expect(many(feed.link).map((l) => l._attributes)).toEqual([
      { rel: "alternate", href: "http://localhost:3000/lists/Ab3dEf7hIj9k" },
      { rel: "self", href: "http://localhost:3000/lists/Ab3dEf7hIj9k/feed.atom" },
    ]);
    expect(text((feed.author as Node).name)).toBe("camstats");
    expect(
      many(feed.entry).map((e) => ({
        title: text(e.title),
        id: text(e.id),
        link: many(e.link)[0]?._attributes?.href,
        updated: text(e.updated),
      })),
    ).toEqual([
      {
        title: "bea is live",
        id: `tag:localhost,2026:lists/Ab3dEf7hIj9k/7/${Date.parse("2026-11-25T10:00:00Z")}`,
        link: "http://localhost:3000/bea",
        updated: "2026-11-25T10:00:00.000Z",
      },
      {
        title: "ann is live",
        id: `tag:localhost,2026:lists/Ab3dEf7hIj9k/3/${Date.parse("2026-11-25T09:00:00Z")}`,
        link: "http://localhost:3000/ann",
        updated: "2026-11-25T09:00:00.000Z",
      },
    ]);
  });

  it("is a valid feed with no entries when nobody went live", () => {
    const { feed } = feedOf("Quiet", []);
    expect(feed.entry).toBeUndefined();
    expect(text(feed.updated)).toBe("2026-11-20T00:00:00.000Z");
  });
});
