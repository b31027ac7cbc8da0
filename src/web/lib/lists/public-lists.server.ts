import { z } from "zod";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import type { PageContext } from "../../../server/page-context.ts";
import type { PublicListCard } from "./list-data.ts";

/** The published file of public lists (SPEC §7; docs/published-files.md). */
export const PUBLIC_LISTS_PATH = "/api/lists/public_lists.json";

const publicListsSchema = z.object({
  generatedAt: z.string(),
  lists: z.array(
    z.object({
      listId: z.string(),
      name: z.string(),
      description: z.string(),
      image: z.string().nullable(),
      updatedAt: z.string(),
      performerCount: z.number(),
    }),
  ),
});

/** The public lists, newest changed first; none before the first publish. */
export async function readPublicLists(context: PageContext): Promise<PublicListCard[]> {
  const file = await readPublishedJson(context.publishDir, PUBLIC_LISTS_PATH, publicListsSchema);
  return (file?.lists ?? []).map(({ listId, name, description, image, updatedAt, performerCount }) => ({
    listId,
    name,
    description,
    image,
    updatedAt,
    performerCount,
  }));
}
