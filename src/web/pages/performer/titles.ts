import type { PerformerPageData } from "./page-data.ts";

/** The performer page's title: the username, the display name when it says more, the platform. */
export function performerTitle(
  data: Pick<PerformerPageData, "username" | "displayName">,
  platform: string,
): string {
  const also = data.displayName && data.displayName !== data.username ? ` (${data.displayName})` : "";
  return `${data.username}${also} on ${platform}: stats, streams and schedule`;
}

export function performerDescription(
  data: Pick<PerformerPageData, "username" | "followerTier">,
  platform: string,
): string {
  return `${data.username} on ${platform}: live status, followers and viewers over time, rank history, stream sessions, the hours they stream and their activity calendar. ${data.followerTier}.`;
}

export const scheduleTitle = (username: string, platform: string) => `${username}'s schedule on ${platform}`;

export const scheduleDescription = (username: string, inWords: string, platform: string) =>
  `When ${username} streams on ${platform}: ${inWords}. Hours online by weekday and the activity calendar.`;

export const tokenTitle = (platform: string) => `${platform} tokens: token goals live now and this week`;

export const tokenDescription = (platform: string) =>
  `What ${platform} tokens are, the token goals of the rooms online now, and how big the goals of the last 7 days were.`;
