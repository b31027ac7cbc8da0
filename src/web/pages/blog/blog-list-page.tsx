import { Link } from "react-router";
import type { BlogEntry } from "../../../site/blog/blog-entry.ts";
import { BLOG_FEED_PATH, BLOG_PATH, blogPostPath, blogTagPath } from "../../../site/urls/blog.ts";
import { Pagination } from "../../components/pagination.tsx";
import type { BlogListData } from "./page-data.ts";
import { PostDate, TagLinks } from "./post-meta.tsx";

/** /blog: the posts and data reports, newest first, ten a page, with the tags to choose from. */
export function BlogListPage({ data }: { data: BlogListData }) {
  const keep = new URLSearchParams(data.tag === null ? {} : { tag: data.tag });
  return (
    <div className="page blog">
      <h1>{data.tag === null ? "Blog" : `Blog: #${data.tag}`}</h1>
      <p className="page__lead">
        How our rankings are made, what the figures can and cannot tell, and each month's data report, written
        by the data itself.{" "}
        <a href={BLOG_FEED_PATH} type="application/atom+xml">
          Follow the feed
        </a>
        .
      </p>
      <nav aria-label="Tags" className="blog__tags">
        <ul>
          <li>
            {data.tag === null ? (
              <span aria-current="page">All posts</span>
            ) : (
              <Link to={BLOG_PATH}>All posts</Link>
            )}
          </li>
          {data.tags.map((t) => (
            <li key={t.tag}>
              {t.tag === data.tag ? (
                <span aria-current="page">
                  #{t.tag} ({t.count})
                </span>
              ) : (
                <Link to={blogTagPath(t.tag)}>
                  #{t.tag} ({t.count})
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <ol className="blog__list">
        {data.entries.map((entry) => (
          <li key={entry.slug}>
            <EntryCard entry={entry} />
          </li>
        ))}
      </ol>
      <Pagination path={BLOG_PATH} current={data.page} total={data.pages} keep={keep} label="Blog pages" />
    </div>
  );
}

function EntryCard({ entry }: { entry: BlogEntry }) {
  return (
    <article className="blog__entry" aria-labelledby={`post-${entry.slug}`}>
      <h2 id={`post-${entry.slug}`}>
        <Link to={blogPostPath(entry.slug)}>{entry.title}</Link>
      </h2>
      <p className="blog__meta">
        <PostDate date={entry.date} /> <TagLinks tags={entry.tags} />
      </p>
      <p>{entry.summary}</p>
    </article>
  );
}
