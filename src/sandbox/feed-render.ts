import type { FeedRoom } from "../platform/feed-room.ts";
import type { FaultPlan } from "./faults.ts";
import type { TruthRoom } from "./population.ts";
import { hashString } from "./prng.ts";

/**
 * Turns ground truth into a room as the feed serves it: links, embed snippets, the legacy fields
 * some rooms still carry, unknown extra fields, the older "s" gender code, and (under faults)
 * fields missing or null.
 */
export interface RenderContext {
  /** base URL of this server (image host) */
  imageBase: string;
  /** base of chat_room_url */
  site: string;
  wm: string;
  seed: number;
}

export function renderRoom(room: TruthRoom, ctx: RenderContext, plan: FaultPlan): Record<string, unknown> {
  const u = room.username;
  const h = hashString(u, ctx.seed ^ 0x4e0d);
  const wm = encodeURIComponent(ctx.wm);
  const chat = `${ctx.site}/in/?tour=LQps&campaign=${wm}&track=default&room=${u}`;
  const image = `${ctx.imageBase}/ri/${u}.jpg`;
  const out: FeedRoom = {
    username: u,
    display_name: room.displayName,
    // About one trans performer in five still comes with the older feed's "s" (truth says "t").
    gender: room.gender === "t" && h % 5 === 0 ? "s" : room.gender,
    age: room.age,
    birthday: room.birthday,
    location: room.location,
    country: room.country,
    spoken_languages: room.spokenLanguages,
    num_users: room.viewers,
    num_followers: room.followers,
    tags: room.tags.slice(),
    room_subject: room.subject,
    current_show: room.show,
    seconds_online: room.secondsOnline,
    is_new: room.isNew,
    is_hd: room.isHd,
    image_url: image,
    image_url_360x270: image,
    chat_room_url: chat,
    chat_room_url_revshare: chat,
    iframe_embed: embedSnippet(ctx.site, "9oGW", wm, u),
    iframe_embed_revshare: embedSnippet(ctx.site, "dTm0", wm, u),
    slug: u,
  };
  // Legacy fields: present on some rooms only, mostly empty.
  if ((h >>> 4) % 3 === 0) out.block_from_countries = (h >>> 8) % 4 === 0 ? "US,CA" : "";
  if ((h >>> 10) % 3 === 0) out.block_from_states = "";
  if ((h >>> 12) % 2 === 0) out.recorded = (h >>> 14) % 5 === 0 ? "true" : "false";
  if (plan.extraFields) {
    out.is_gaming = (h >>> 16) % 50 === 0;
    out.label = (h >>> 18) % 4 === 0 ? "new" : "public";
    out.is_age_verified = true;
  }
  applyFieldFaults(out, plan);
  return out;
}

function embedSnippet(site: string, tour: string, wm: string, username: string): string {
  return `<iframe src="${site}/in/?tour=${tour}&campaign=${wm}&track=embed&room=${username}&bgcolor=white" height="528" width="850" style="border: none;"></iframe>`;
}

/**
 * The username stays: without it a room has no identity and the collector could only drop it,
 * which would make ground-truth comparisons meaningless rather than hard.
 */
function applyFieldFaults(room: Record<string, unknown>, plan: FaultPlan): void {
  if (plan.missingFieldRate <= 0 && plan.nullFieldRate <= 0) return;
  for (const key of Object.keys(room)) {
    if (key === "username") continue;
    if (plan.missingFieldRate > 0 && plan.random() < plan.missingFieldRate) {
      delete room[key];
    } else if (plan.nullFieldRate > 0 && plan.random() < plan.nullFieldRate) {
      room[key] = null;
    }
  }
}
