import { Link } from "react-router";
import { BLOG_PATH } from "../../../site/urls/blog.ts";
import type { BlogPostData } from "./page-data.ts";
import { PostDate, PostNeighbours, TagLinks } from "./post-meta.tsx";
import { ReportBody } from "./report-body.tsx";

/** /blog/{slug}: a hand-written post (our Markdown, rendered on the server) or a data report. */
export function BlogPostPage({ data }: { data: BlogPostData }) {
  const entry = data.kind === "post" ? data.post : data.entry;
  return (
    <article className="page blog-post">
      <p className="blog-post__back">
        <Link to={BLOG_PATH}>← Blog</Link>
      </p>
      <h1>{entry.title}</h1>
      <p className="blog__meta">
        <PostDate date={entry.date} /> <TagLinks tags={entry.tags} />
      </p>
      {data.kind === "post" ? (
        // Our own content files, rendered with raw HTML off (src/site/markdown.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the renderer lets no HTML of the text through
        <div className="blog-post__prose" dangerouslySetInnerHTML={{ __html: data.post.html }} />
      ) : (
        <ReportBody report={data.report} />
      )}
      <PostNeighbours newer={data.newer} older={data.older} />
    </article>
  );
}
