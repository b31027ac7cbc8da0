import { Feed } from "feed";
import type { FeedEvent } from "../db/queries/list-alerts.ts";
import { listUrl, performerUrl } from "./alert-mail.ts";

/** A public list's feed covers this long, at most FEED_MAX_ENTRIES entries. */
export const FEED_DAYS = 7;
export const FEED_MAX_ENTRIES = 100;

export interface ListFeedInput {
  origin: string;
  siteName: string;
  listId: string;
  name: string;
  description: string;
  /** Newest first. */
  events: readonly FeedEvent[];
  /** When the list last changed: the feed's `updated` while no event is newer. */
  listUpdatedAt: Date;
}

/**
 * xml-js, which the feed package writes with, reads "&amp;" in a text as an "&" already escaped
 * and leaves it be; escaping every "&" first makes it write back exactly what the list's owner typed.
 */
const asText = (text: string) => text.replace(/&/g, "&amp;");
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The Atom feed of a public list's go-live events (issue 18): one entry per performer going live,
 * "{username} is live", linking to their page. Ids are tag: URIs (RFC 4151) of the site's host, the
 * list, the performer and the instant, so a reader never shows an entry twice.
 */
export function listAtomFeed(input: ListFeedInput): string {
  const { origin, listId } = input;
  const host = new URL(origin).hostname;
  const tag = (path: string) => `tag:${host},2026:${path}`;
  const newest = input.events[0]?.wentLiveAt;
  const feed = new Feed({
    id: tag(`lists/${listId}`),
    title: asText(input.name),
    ...(input.description === "" ? {} : { description: asText(input.description) }),
    updated: newest !== undefined && newest > input.listUpdatedAt ? newest : input.listUpdatedAt,
    link: listUrl(origin, listId),
    feed: new URL(`/lists/${encodeURIComponent(listId)}/feed.atom`, origin).href,
    author: { name: asText(input.siteName) },
    generator: false,
  });
  for (const event of input.events) {
    feed.addItem({
      // The package marks entry titles as HTML.
      title: `${html(event.username)} is live`,
      id: tag(`lists/${listId}/${event.performerId}/${event.wentLiveAt.getTime()}`),
      link: performerUrl(origin, event.username),
      date: event.wentLiveAt,
    });
  }
  return feed.atom1();
}
