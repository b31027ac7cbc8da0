import type { ReportFile } from "../../../publish/reports/report-file.ts";
import type { BlogEntry, BlogPost } from "../../../site/blog/blog-entry.ts";

/** Posts a page of /blog lists. */
export const POSTS_PER_PAGE = 10;

/** Kept an hour: the posts change with a deploy, the reports once a month. */
export const BLOG_CACHE_CONTROL = "public, max-age=3600";

export interface BlogListData {
  entries: BlogEntry[];
  page: number;
  pages: number;
  /** The tag chosen (?tag=), or null for every post. */
  tag: string | null;
  /** Every tag of every post, most used first (then by name). */
  tags: { tag: string; count: number }[];
}

/** A neighbour of a post in the list (older and newer), for the links at its foot. */
export interface Neighbour {
  slug: string;
  title: string;
}

export type BlogPostData =
  | { kind: "post"; post: BlogPost; newer: Neighbour | null; older: Neighbour | null }
  | {
      kind: "report";
      entry: BlogEntry;
      report: ReportFile;
      newer: Neighbour | null;
      older: Neighbour | null;
    };
