import { Link } from "react-router";
import { blogPostPath, blogTagPath } from "../../../site/urls/blog.ts";
import type { Neighbour } from "./page-data.ts";

const dates = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "1 November 2026", in a <time> with the date itself. */
export function PostDate({ date }: { date: string }) {
  return <time dateTime={date}>{dates.format(new Date(`${date}T00:00:00Z`))}</time>;
}

/** A post's tags, each a link to the posts with it. */
export function TagLinks({ tags }: { tags: readonly string[] }) {
  return (
    <span className="blog__entry-tags">
      {tags.map((tag) => (
        <Link key={tag} to={blogTagPath(tag)} className="blog__tag">
          #{tag}
        </Link>
      ))}
    </span>
  );
}

/** The newer and older posts, at a post's foot. */
export function PostNeighbours({ newer, older }: { newer: Neighbour | null; older: Neighbour | null }) {
  if (newer === null && older === null) return null;
  return (
    <nav aria-label="More posts" className="blog__neighbours">
      {newer !== null && (
        <Link to={blogPostPath(newer.slug)} rel="next">
          Newer: {newer.title}
        </Link>
      )}
      {older !== null && (
        <Link to={blogPostPath(older.slug)} rel="prev">
          Older: {older.title}
        </Link>
      )}
    </nav>
  );
}
