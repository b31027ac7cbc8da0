/** SPEC §9: the tag cloud holds up to 200 tags, sized 25 to 80 by their counts. */
export const TAG_CLOUD_MAX_TAGS = 200;
export const TAG_CLOUD_MIN_SIZE = 25;
export const TAG_CLOUD_MAX_SIZE = 80;

export interface TagCount {
  tag: string;
  count: number;
}

export interface CloudTag extends TagCount {
  /** Font size in pixels, TAG_CLOUD_MIN_SIZE to TAG_CLOUD_MAX_SIZE. */
  size: number;
}

/**
 * The cloud: the most used tags (at most 200; the most used first when there are more), each sized
 * linearly between the smallest and the largest count, then in alphabetical order so the cloud
 * reads the same on every render. Equal counts all take the smallest size.
 */
export function tagCloud(tags: readonly TagCount[], maxTags: number = TAG_CLOUD_MAX_TAGS): CloudTag[] {
  const kept = [...tags].sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1)).slice(0, maxTags);
  const counts = kept.map((t) => t.count);
  const min = Math.min(...counts);
  const spread = Math.max(...counts) - min;
  return kept
    .map((t) => ({
      ...t,
      size:
        spread === 0
          ? TAG_CLOUD_MIN_SIZE
          : Math.round(
              TAG_CLOUD_MIN_SIZE + ((t.count - min) * (TAG_CLOUD_MAX_SIZE - TAG_CLOUD_MIN_SIZE)) / spread,
            ),
    }))
    .sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}
