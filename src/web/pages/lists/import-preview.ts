import { FAVORITES_MAX_CHARACTERS } from "../../../lists/favorites-text.ts";
import type { ImportAnswer } from "../../lib/lists/list-data.ts";

/** The server's bound of one import (POST /v1/list_import_favorites): checked before sending. */
export const IMPORT_MAX_CHARS = FAVORITES_MAX_CHARACTERS;
/** Files the import reads: plain text, as the platform's favourites export and spreadsheets save. */
export const IMPORT_FILE_TYPES = ".txt,.csv,text/plain,text/csv";

export const IMPORT_TOO_LONG = `That is more than ${IMPORT_MAX_CHARS.toLocaleString("en-US")} characters. Split it into smaller parts.`;
export const IMPORT_EMPTY = "Paste some usernames or profile links first, or choose a file.";
export const IMPORT_NOT_TEXT = "Choose a .txt or .csv file: the import reads plain text.";

/** How many names a group of the preview shows before "and N more". */
export const PREVIEW_NAMES = 40;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A group of names for the preview: the first PREVIEW_NAMES, then how many more. */
export function namesText(names: readonly string[], shown = PREVIEW_NAMES): string {
  if (names.length <= shown) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${(names.length - shown).toLocaleString("en-US")} more`;
}

export interface PreviewGroup {
  key: "add" | "already" | "unknown" | "duplicates";
  heading: string;
  names: readonly string[];
}

/** The known performers a check found that the list does not hold yet: what the import will add. */
export function namesToAdd(answer: Pick<ImportAnswer, "found" | "alreadyInList">): string[] {
  const already = new Set(answer.alreadyInList);
  return answer.found.filter((name) => !already.has(name));
}

/** A check's answer as the groups the page shows, empty groups left out. */
export function previewGroups(answer: ImportAnswer): PreviewGroup[] {
  const add = namesToAdd(answer);
  const groups: PreviewGroup[] = [
    { key: "add", heading: `${plural(add.length, "performer", "performers")} to add`, names: add },
    {
      key: "already",
      heading: `${plural(answer.alreadyInList.length, "is", "are")} already in the list`,
      names: answer.alreadyInList,
    },
    {
      key: "unknown",
      heading: `${plural(answer.unknown.length, "name", "names")} we do not know (not added)`,
      names: answer.unknown,
    },
    {
      key: "duplicates",
      heading: `${plural(answer.duplicates.length, "name", "names")} given more than once (added once)`,
      names: answer.duplicates,
    },
  ];
  return groups.filter((group) => group.names.length > 0);
}

/** The import button's label after a check. */
export function importButtonLabel(count: number): string {
  return `Import ${plural(count, "performer", "performers")}`;
}

/** After the import: what was added. */
export function importDoneText(added: number, listName: string): string {
  return `Added ${plural(added, "performer", "performers")} to ${listName}.`;
}

/** Whether a chosen file is one the import reads (by its type or its name's ending). */
export function isImportFile(file: { name: string; type: string }): boolean {
  return /^text\/(plain|csv)$/.test(file.type) || /\.(txt|csv)$/i.test(file.name);
}

/** What is wrong with a text before it is sent, or null. */
export function importTextProblem(text: string): string | null {
  if (text.trim() === "") return IMPORT_EMPTY;
  if (text.length > IMPORT_MAX_CHARS) return IMPORT_TOO_LONG;
  return null;
}
