/** A post in the blog's list: a hand-written post or a data report (written by the daily job). */
export interface BlogEntry {
  kind: "post" | "report";
  slug: string;
  title: string;
  /** YYYY-MM-DD: the day it was written (a report's, the first day after its month). */
  date: string;
  tags: string[];
  summary: string;
}

/** A hand-written post with its text, rendered (src/site/markdown.ts: no HTML of its own). */
export interface BlogPost extends BlogEntry {
  kind: "post";
  html: string;
}

/** The tag every data report carries. */
export const REPORT_TAG = "data-report";
