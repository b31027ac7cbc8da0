import { data } from "react-router";
import { type BingoDataFile, bingoDataFileSchema } from "../../../publish/bingo-data.ts";
import { BINGO_PATHS } from "../../../publish/paths.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { decodeCard } from "../../../site/bingo/card-link.ts";
import { DEFAULT_ROOM_SIZE, isRoomSize } from "../../../site/bingo/card-style.ts";
import {
  asCellText,
  type BingoSuggestion,
  BUILT_IN_ACTIONS,
  defaultCard,
} from "../../../site/bingo/common-actions.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import {
  type BingoPageData,
  type BingoSuggestions,
  SUGGESTION_GROUPS,
  SUGGESTIONS_SHOWN,
  type SuggestionGroup,
} from "./page-data.ts";

function suggestionsOf(file: BingoDataFile | null): BingoSuggestions {
  const empty = () =>
    Object.fromEntries(SUGGESTION_GROUPS.map((g) => [g.group, []])) as unknown as Record<
      SuggestionGroup,
      BingoSuggestion[]
    >;
  if (file === null || file.items.all.length === 0) {
    return { source: "built-in", from: null, day: null, groups: { ...empty(), all: [...BUILT_IN_ACTIONS] } };
  }
  const groups = empty();
  for (const { group } of SUGGESTION_GROUPS) {
    groups[group] = file.items[group].slice(0, SUGGESTIONS_SHOWN).flatMap((i) => {
      const text = asCellText(i.item);
      return text === null ? [] : [{ text, tokens: i.median, performers: i.performers }];
    });
  }
  return { source: "data", from: file.from, day: file.day, groups };
}

/**
 * /bingo-card-creator[?card=…&size=…] (SPEC §2, issue 20): the suggestions of the bingo data file
 * (or the built-in starting list before there is data), and the card to show: the link's when it
 * reads, else one made from the top suggestions. A link that does not read is the page with the
 * reason and the default card, status 400.
 */
export async function loadBingoCreator({ request, context }: PageLoaderArgs) {
  const url = new URL(request.url);
  const file = await readPublishedJson(context.publishDir, BINGO_PATHS.data, bingoDataFileSchema);
  const suggestions = suggestionsOf(file);
  const sizeParam = url.searchParams.get("size");
  const room = sizeParam !== null && isRoomSize(sizeParam) ? sizeParam : DEFAULT_ROOM_SIZE;
  const code = url.searchParams.get("card");
  const decoded = code === null ? null : decodeCard(code);
  const page: BingoPageData = {
    card: decoded?.ok ? decoded.card : defaultCard(suggestions.groups.all),
    shared: decoded?.ok ?? false,
    problem: decoded !== null && !decoded.ok ? decoded.message : null,
    room,
    suggestions,
  };
  return page.problem === null ? page : data(page, { status: 400 });
}
