import type { CSSProperties } from "react";
import { Link } from "react-router";
import { TAGS_PATH } from "../../../site/urls/tag-explorer.ts";
import { type TagCount, tagCloud } from "../../lib/daily-viewers/tag-cloud.ts";

/** The tag cloud (SPEC §2, §9): the day's most used tags, sized by how many performers used them. */
export function TagCloud({
  tags,
  current,
  pathOf,
}: {
  tags: readonly TagCount[];
  current: string | null;
  pathOf: (tag: string) => string;
}) {
  if (tags.length === 0) return null;
  return (
    <section className="tag-cloud" aria-labelledby="tag-cloud-title">
      <h2 id="tag-cloud-title">Tags of the day</h2>
      <ul className="tag-cloud__list">
        {tagCloud(tags).map(({ tag, count, size }) => (
          <li key={tag}>
            <Link
              to={pathOf(tag)}
              className="tag-cloud__tag"
              // The size travels as a number so that narrow screens can scale the whole cloud down.
              style={{ "--tag-size": size } as CSSProperties}
              aria-current={tag === current ? "page" : undefined}
              title={`${count} performers`}
              preventScrollReset
            >
              #{tag}
            </Link>
          </li>
        ))}
      </ul>
      <p className="tag-cloud__more">
        <Link to={TAGS_PATH}>Every tag, with its trend, in the tag explorer</Link>
      </p>
    </section>
  );
}
