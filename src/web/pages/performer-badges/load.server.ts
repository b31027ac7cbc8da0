import { redirect } from "react-router";
import { isUsername } from "../../../online-rooms/links.ts";
import type { PageContext } from "../../../page-context.ts";
import { readCelebrations } from "../../lib/celebrations/load.server.ts";
import { type BadgesData, badgeTables } from "./tables.ts";

/**
 * /performerbadges[?name=…]: the badge tables with who earned them in the celebrations' 7 days.
 * The form's ?name= that can be a username is a 303 to the performer's page /{name} (lowercased,
 * as usernames are); anything else stays here and says what is wrong.
 */
export async function loadPerformerBadges(request: Request, context: PageContext): Promise<BadgesData> {
  const raw = new URL(request.url).searchParams.get("name");
  let nameError: string | null = null;
  if (raw !== null) {
    const name = raw.trim().toLowerCase();
    if (isUsername(name)) throw redirect(`/${encodeURIComponent(name)}`, 303);
    nameError =
      name === ""
        ? "Type a performer's name to see their badges."
        : `"${raw.trim()}" cannot be a performer's name: names use letters, digits, _ . and - only.`;
  }
  const file = await readCelebrations(context);
  return {
    ...badgeTables(file?.celebrations ?? []),
    from: file?.from ?? null,
    to: file?.day ?? null,
    name: raw?.trim() ?? "",
    nameError,
  };
}
