import { data, redirect } from "react-router";
import { performerTrophyRecords } from "../../../db/queries/performer-trophies.ts";
import { isUsername } from "../../../online-rooms/links.ts";
import { type SocialImageCatalogue, socialImageCatalogue } from "../../../profiles/social/catalogue.ts";
import { HANDLE_MAX_INPUT, NETWORK_RULES, SOCIAL_NETWORKS } from "../../../profiles/social/networks.ts";
import { bestSlugs, isEarned, TROPHIES, type Trophy, trophyOf } from "../../../profiles/social/trophies.ts";
import { siteOriginOf } from "../../../site/site-origin.ts";
import { formatCount } from "../../lib/format.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import {
  NOT_A_PERFORMER_NAME,
  type PerformerView,
  type SocialPageData,
  type SocialState,
  type SocialTool,
  socialPath,
  type TrophyView,
} from "./page-data.ts";

/** How many ?trophy= are read: there are no more trophies than this. */
const MAX_TROPHY_PARAMS = TROPHIES.length;

/** How a trophy is earned, in words. */
export function trophyRule(trophy: Trophy): string {
  if (trophy.kind === "rank")
    return trophy.threshold === 1
      ? "Ranked #1 of a day"
      : `Best daily rank #${formatCount(trophy.threshold)} or better`;
  return trophy.threshold === 0
    ? "Seen live in public"
    : `Peak of ${formatCount(trophy.threshold)} viewers or more`;
}

/**
 * /socialmedia[/{user}[/{trophy}]] and /social-media-buttons[/{user}] (SPEC §2, issue 20): the
 * performer's trophies judged from their whole history, the networks with their handles (a verified
 * profile's own links first), and the block of the choices, all rendered on the server. The form
 * sends its choices back as the query (?twitter=…&trophy=…&room=on&edit=1), so the page works
 * without scripts too; with them, it follows each keystroke. A name with capitals moves to the
 * lowercase address (301); a name that cannot be a username is the page with the reason (400); one
 * we never saw, an opt-out, and a trophy that does not exist are the 404 page.
 */
export async function loadSocialPage(tool: SocialTool, { params, request, context }: PageLoaderArgs) {
  const url = new URL(request.url);
  const formUser = url.searchParams.get("user");
  if (params.user === undefined && formUser !== null && formUser.trim() !== "")
    throw redirect(socialPath(tool, formUser.trim().toLowerCase()));

  const { config } = context;
  const catalogue = socialImageCatalogue(config.PLATFORM_NAME);
  const origin = siteOriginOf(config);
  const base = {
    tool,
    origin,
    platformName: config.PLATFORM_NAME,
    networks: SOCIAL_NETWORKS.map((network) => ({
      network,
      label: NETWORK_RULES[network].label,
      hint: NETWORK_RULES[network].handleRule,
      image: imageFile(catalogue.buttons.get(network)),
    })),
    roomImage: imageFile(catalogue.buttons.get("room")),
  };

  if (params.user === undefined) {
    const page: SocialPageData = {
      ...base,
      path: socialPath(tool, null),
      performer: null,
      problem: null,
      nameInput: "",
      trophies: [],
      asked: null,
      state: stateOf(url.searchParams, [], { handles: {}, room: false, trophies: [] }),
    };
    return page;
  }

  const raw = params.user;
  const name = raw.toLowerCase();
  if (!isUsername(name)) {
    const page: SocialPageData = {
      ...base,
      path: socialPath(tool, null),
      performer: null,
      problem: `${NOT_A_PERFORMER_NAME}: names use letters, digits, _ . and - only, at most 64 characters.`,
      nameInput: raw,
      trophies: [],
      asked: null,
      state: { handles: {}, room: false, trophies: [] },
    };
    return data(page, { status: 400 });
  }
  const askedSlug = params.trophy;
  if (askedSlug !== undefined && trophyOf(askedSlug) === null) {
    if (trophyOf(askedSlug.toLowerCase()) === null) throw notFound();
  }
  const slug = askedSlug?.toLowerCase() ?? null;
  if (name !== raw || (askedSlug !== undefined && slug !== askedSlug))
    throw redirect(`${socialPath(tool, name, slug)}${url.search}`, 301);

  const records = await performerTrophyRecords(context.db, name);
  if (records === null) throw notFound();
  const performer: PerformerView = {
    username: records.username,
    pageUrl: new URL(`/${encodeURIComponent(records.username)}`, origin).href,
    roomUrl: `${context.affiliate.site}/${encodeURIComponent(records.username)}/`,
    verified: records.socials !== null,
    bestRank:
      records.bestRank === null || records.bestRankDay === null
        ? null
        : { rank: records.bestRank, day: records.bestRankDay },
    peakViewers:
      records.peakViewers === null || records.peakViewersDay === null
        ? null
        : { viewers: records.peakViewers, day: records.peakViewersDay },
  };
  const trophies: TrophyView[] =
    tool === "editor"
      ? TROPHIES.map((t) => ({
          slug: t.slug,
          name: t.name,
          kind: t.kind,
          rule: trophyRule(t),
          earned: isEarned(t, records),
          image: imageFile(catalogue.trophies.get(t.slug)),
        }))
      : [];
  const askedTrophy = slug === null ? null : trophies.find((t) => t.slug === slug);
  const asked = askedTrophy
    ? { slug: askedTrophy.slug, name: askedTrophy.name, earned: askedTrophy.earned }
    : null;
  const earned = trophies.filter((t) => t.earned).map((t) => t.slug);
  const handles = Object.fromEntries(
    SOCIAL_NETWORKS.flatMap((n) => {
      const link = records.socials?.[n];
      return typeof link === "string" ? [[n, link]] : [];
    }),
  );
  const initial: SocialState = {
    handles,
    room: true,
    trophies:
      asked === null ? (tool === "editor" ? bestSlugs(records) : []) : asked.earned ? [asked.slug] : [],
  };
  const page: SocialPageData = {
    ...base,
    path: socialPath(tool, name, slug),
    performer,
    problem: null,
    nameInput: name,
    trophies,
    asked,
    state: stateOf(url.searchParams, earned, initial),
  };
  return page;
}

function imageFile(image: ReturnType<SocialImageCatalogue["buttons"]["get"]>) {
  if (image === undefined) throw new Error("social image catalogue incomplete");
  return { svg: image.svg, png: image.png, width: image.width, height: image.height };
}

/**
 * The choices the form sent (?edit=1 marks a sent form, so that unticking everything is a choice
 * too), else the initial ones. Only earned trophies can be picked: any other ?trophy= is ignored.
 */
function stateOf(search: URLSearchParams, earned: readonly string[], initial: SocialState): SocialState {
  if (search.get("edit") !== "1") return initial;
  const handles: SocialState["handles"] = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = search.get(network);
    if (value !== null && value.trim() !== "") handles[network] = value.slice(0, HANDLE_MAX_INPUT);
  }
  const asked = new Set(search.getAll("trophy").slice(0, MAX_TROPHY_PARAMS));
  return {
    handles,
    room: search.get("room") === "on",
    trophies: earned.filter((slug) => asked.has(slug)),
  };
}
