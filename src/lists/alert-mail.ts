import type { DigestLine } from "../db/queries/list-alerts.ts";
import type { OutgoingMail } from "../mail/outgoing-mail.ts";
import { DIGEST_HOUR_UTC } from "./go-live.ts";

/**
 * The go-live mails' words: plain text only (a list's name is its owner's text, and no mail of ours
 * carries their markup), each with its unsubscribe link in the body as well as in the headers.
 */

export const ALERT_MAIL_KIND = "list-alert";
export const DIGEST_MAIL_KIND = "list-digest";

/** The most performers one mail names; the rest are counted and the list's page has them all. */
export const MAX_NAMES_PER_ALERT = 100;
export const MAX_LINES_PER_DIGEST = 300;

const at = (origin: string, path: string) => new URL(path, origin).href;

/** The one-click unsubscribe address of a token (POST: RFC 8058; GET: a page with a button). */
export const unsubscribeUrl = (origin: string, token: string) =>
  at(origin, `/v1/list_alerts/unsubscribe?token=${encodeURIComponent(token)}`);

export const performerUrl = (origin: string, username: string) =>
  at(origin, `/${encodeURIComponent(username)}`);
export const listUrl = (origin: string, listId: string) => at(origin, `/lists/${encodeURIComponent(listId)}`);

/** "ann", "ann and bea", "ann, bea and cleo", "ann, bea and 3 more". */
function names(usernames: readonly string[]): string {
  if (usernames.length <= 3) {
    return usernames.length === 1
      ? (usernames[0] as string)
      : `${usernames.slice(0, -1).join(", ")} and ${usernames.at(-1)}`;
  }
  return `${usernames.slice(0, 2).join(", ")} and ${usernames.length - 2} more`;
}

export interface AlertMailInput {
  to: string;
  listId: string;
  listName: string;
  usernames: readonly string[];
  origin: string;
  unsubscribe: string;
}

/** The mail of one or more performers of one list going live in the same poll. */
export function alertMail(input: AlertMailInput): OutgoingMail {
  const { origin, usernames } = input;
  const shown = usernames.slice(0, MAX_NAMES_PER_ALERT);
  const lines = shown.map((username) => `${username}: ${performerUrl(origin, username)}`);
  if (usernames.length > shown.length) lines.push(`and ${usernames.length - shown.length} more`);
  const one = usernames.length === 1;
  return {
    to: input.to,
    kind: ALERT_MAIL_KIND,
    subject: `${names(usernames)} ${one ? "is" : "are"} live now`,
    text: [
      `Live now, from your list "${input.listName}":`,
      "",
      ...lines,
      "",
      `The list: ${listUrl(origin, input.listId)}`,
      "",
      "You chose a mail whenever a performer of this list goes live (at most one a performer every 6 hours).",
      `Stop these mails: ${input.unsubscribe}`,
      "",
    ].join("\n"),
    unsubscribeUrl: input.unsubscribe,
  };
}

const utcTime = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export interface DigestMailInput {
  to: string;
  lines: readonly DigestLine[];
  through: Date;
  origin: string;
  unsubscribe: string;
}

/** The daily digest: who went live in the 24 hours to DIGEST_HOUR_UTC, by list. Null when nobody did. */
export function digestMail(input: DigestMailInput): OutgoingMail | null {
  if (input.lines.length === 0) return null;
  const body: string[] = [
    `Who went live in the day to ${String(DIGEST_HOUR_UTC).padStart(2, "0")}:00 UTC, from your lists with a daily digest:`,
  ];
  let listId: string | null = null;
  const shown = input.lines.slice(0, MAX_LINES_PER_DIGEST);
  for (const line of shown) {
    if (line.listId !== listId) {
      listId = line.listId;
      body.push("", `${line.listName} (${listUrl(input.origin, line.listId)})`);
    }
    const when =
      line.times === 1
        ? `went live ${utcTime(line.lastWentLiveAt)}`
        : `went live ${line.times} times, last ${utcTime(line.lastWentLiveAt)}`;
    body.push(`  ${line.username}, ${when}: ${performerUrl(input.origin, line.username)}`);
  }
  if (input.lines.length > shown.length) body.push("", `and ${input.lines.length - shown.length} more`);
  const performers = new Set(input.lines.map((line) => line.username)).size;
  return {
    to: input.to,
    kind: DIGEST_MAIL_KIND,
    subject: `${performers} ${performers === 1 ? "performer" : "performers"} from your lists went live in the past day`,
    text: [
      ...body,
      "",
      "You chose a daily digest for these lists.",
      `Stop every daily digest: ${input.unsubscribe}`,
      "",
    ].join("\n"),
    unsubscribeUrl: input.unsubscribe,
  };
}
