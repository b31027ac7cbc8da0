import type { TruthRoom } from "./population.ts";

/** The sandbox's room player and its context: what the platform's embed and chatvideocontext give. */

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A colour of the username, so each room's picture looks its own. */
function hueOf(username: string): number {
  let h = 0;
  for (const c of username) h = (h * 31 + (c.codePointAt(0) ?? 0)) % 360;
  return h;
}

/** The room's state as the platform's /api/chatvideocontext/{username}/ answers it. */
export function renderChatVideoContext(username: string, room: TruthRoom | undefined) {
  const status = room === undefined ? "offline" : room.show === "group" ? "private" : room.show;
  return {
    room_status: status,
    hls_source: "",
    num_users: room?.viewers ?? 0,
    num_followers: room?.followers ?? 0,
    broadcaster_gender: room?.gender ?? null,
    room_title: room?.subject ?? "",
    tags: room?.tags ?? [],
    broadcaster_username: username,
  };
}

/**
 * The room's player, as an iframe's page: for a public room a generated moving picture (an SVG
 * animated by SMIL: no script, no video file) with the name and the viewers; otherwise a still
 * saying where the performer is. Standing in for the platform's video.
 */
export function renderPlayerPage(username: string, room: TruthRoom | undefined): string {
  const name = escapeXml(username);
  const hue = hueOf(username);
  const live = room?.show === "public";
  const words =
    room === undefined
      ? "Offline"
      : live
        ? `LIVE · ${room.viewers} watching`
        : `In a ${escapeXml(room.show)} show`;
  const motion = live
    ? `<circle cx="160" cy="90" r="30" fill="hsl(${(hue + 180) % 360} 80% 70%)" opacity="0.7">
      <animate attributeName="cx" values="60;260;60" dur="4s" repeatCount="indefinite"/>
      <animate attributeName="r" values="20;40;20" dur="2s" repeatCount="indefinite"/>
    </circle>
    <rect x="0" y="150" width="40" height="30" fill="hsl(${hue} 70% 80%)">
      <animate attributeName="x" values="-40;320" dur="3s" repeatCount="indefinite"/>
    </rect>`
    : "";
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${name} · sandbox player</title>
<style>html,body{margin:0;height:100%;background:#111}svg{display:block;width:100%;height:100%}</style>
</head><body>
<svg viewBox="0 0 320 180" role="img" aria-label="${name}: ${words}">
  <rect width="320" height="180" fill="hsl(${hue} 45% 30%)"/>
  ${motion}
  <text x="12" y="26" fill="#fff" font-family="sans-serif" font-size="16">${name}</text>
  <text x="12" y="168" fill="#fff" font-family="sans-serif" font-size="13">${words}</text>
</svg>
</body></html>
`;
}
