import type { PageContext } from "../../../page-context.ts";
import { LIST_PATHS } from "../../../publish/paths.ts";
import { publicListsFileSchema } from "../../../publish/public-lists.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import type { PublicListCard } from "../../lib/lists/list-data.ts";

/**
 * The public lists of /api/lists/public_lists.json, newest changed first, without their performers'
 * names (a card counts them; the page would otherwise carry up to a million names); none before the
 * file's first publish.
 */
export async function readPublicLists(context: PageContext): Promise<PublicListCard[]> {
  const file = await readPublishedJson(context.publishDir, LIST_PATHS.publicLists, publicListsFileSchema);
  return (file?.lists ?? []).map(({ listId, name, description, image, updatedAt, performerCount }) => ({
    listId,
    name,
    description,
    image,
    updatedAt,
    performerCount,
  }));
}
