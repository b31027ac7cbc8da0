/** What the /moderation page shows (issue 30): the queue and the moderator's latest decisions. */
export interface ModerationPageData {
  total: number;
  items: {
    kind: "tag" | "summary" | "quote";
    id: number;
    performer: string;
    text: string;
    /** The sender's display name, or "anonymous". */
    sender: string;
    times: number;
    suggestedAt: string;
  }[];
  recent: {
    kind: "tag" | "summary" | "quote";
    id: number;
    performer: string;
    text: string;
    action: string;
  }[];
}

/** The moderator's own page: never kept by any cache, the page cache included (DESIGN §8). */
export const MODERATION_CACHE = "private, no-store";

/** The most pending items one page shows; the rest come as these are decided. */
export const QUEUE_SHOWN = 200;
