import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { itemKeyOf } from "../../collect/subject-goal.ts";
import type { Db } from "../../db/connect.ts";
import {
  profileSettings,
  writeProfileSettings,
  writeProfileSocials,
} from "../../db/queries/performer-own-profile.ts";
import type { Identity } from "../../identity/identity.ts";
import {
  aboutMeField,
  goalDetailsField,
  goalsField,
  SOCIAL_HOSTS,
  scheduleField,
  socialsField,
  tipMenuField,
} from "../../profiles/profile-rules.ts";
import { parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { ACCOUNT_SETTINGS_BODY_LIMIT } from "../route-body-limits.ts";
import {
  NO_PERFORMER_NAMED,
  PROFILE_REFUSALS,
  PROFILE_SHAPE,
  performerField,
  profileQuery,
  requireProfileOwner,
} from "./profile-owner.ts";

/** SPEC §7's names (aboutme, shouldDisplayGoalDetailsOnProfile); an absent field stays as it is. */
const settingsBody = z.object({
  performer: performerField,
  aboutme: aboutMeField.optional(),
  schedule: scheduleField.optional(),
  goals: goalsField.optional(),
  shouldDisplayGoalDetailsOnProfile: goalDetailsField.optional(),
  tipMenu: tipMenuField.optional(),
});

const socialsBody = z.object({ performer: performerField, socials: socialsField });

const noStore = { "cache-control": "private, no-store" };

/**
 * The verified performer's profile text (issue 19, decision 0022): GET and POST
 * /v1/account_settings (about me, schedule, goals and whether the goals' tokens show, the tip menu) and POST
 * /v1/account_socials. Each handler keeps the one order: validate, authenticate, authorize,
 * query, respond; a refused call writes nothing.
 */
export function registerAccountSettings(
  app: FastifyInstance,
  db: Db,
  identity: Identity,
  now: () => number = Date.now,
): void {
  app.get("/v1/account_settings", async (request, reply) => {
    const query = parseInput(profileQuery, request.query);
    const caller = await authenticate(request, identity);
    const performer = await requireProfileOwner(db, caller, query.performer);
    return reply.headers(noStore).send(await profileSettings(db, performer));
  });

  app.post("/v1/account_settings", { bodyLimit: ACCOUNT_SETTINGS_BODY_LIMIT }, async (request, reply) => {
    const body = parseInput(settingsBody, request.body);
    const caller = await authenticate(request, identity);
    const performer = await requireProfileOwner(db, caller, body.performer);
    const settings = await writeProfileSettings(
      db,
      performer,
      {
        aboutMe: body.aboutme,
        schedule: body.schedule,
        goals: body.goals,
        showGoalDetails: body.shouldDisplayGoalDetailsOnProfile,
        // Stored with each item's search key, as the subject goals have theirs (decision 0024).
        tipMenu: body.tipMenu?.map((line) => ({ ...line, itemKey: itemKeyOf(line.item) })),
      },
      new Date(now()),
    );
    return reply.headers(noStore).send(settings);
  });

  app.post("/v1/account_socials", async (request, reply) => {
    const body = parseInput(socialsBody, request.body);
    const caller = await authenticate(request, identity);
    const performer = await requireProfileOwner(db, caller, body.performer);
    return reply
      .headers(noStore)
      .send(await writeProfileSocials(db, performer, body.socials, new Date(now())));
  });
}

const networks = Object.entries(SOCIAL_HOSTS)
  .map(([network, hosts]) => `${network} (${hosts.join(", ")})`)
  .join(", ");

export const ACCOUNT_SETTINGS_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/account_settings",
    summary: `A verified performer's own profile (Bearer, the performer's verified account): ${PROFILE_SHAPE}`,
    query: profileQuery,
    responses: { "200": "the profile", "400": `a bad field; or ${NO_PERFORMER_NAMED}`, ...PROFILE_REFUSALS },
  },
  {
    method: "post",
    path: "/v1/account_settings",
    summary:
      "Edit the profile (Bearer, the performer's verified account); an absent field stays as it is. aboutme: plain text of at most 2,000 characters (line breaks kept, other control characters dropped); schedule: null or { timezone (IANA), slots (at most 28; day 1-7, Monday 1; start HH:MM; end after it, or 24:00; slots of one day may not overlap) }; goals: at most 5 of { text 1-120 characters, tokens 1-10,000,000 or null }; shouldDisplayGoalDetailsOnProfile: show each goal's tokens to visitors; tipMenu: at most 40 of { item 1-120 characters of plain text, tokens 1-1,000,000 } (searched by /v1/tipmenu-search). Answers the profile",
    body: settingsBody,
    responses: {
      "200": "the profile",
      "400": `a field that breaks its rule, named; or ${NO_PERFORMER_NAMED}`,
      ...PROFILE_REFUSALS,
    },
  },
  {
    method: "post",
    path: "/v1/account_socials",
    summary: `Set or remove the profile's links (Bearer, the performer's verified account): socials is { network: url }, "" removes a link, an absent network stays. Each link is https on its network's host or a subdomain: ${networks}. Answers the profile`,
    body: socialsBody,
    responses: {
      "200": "the profile",
      "400": `an unknown network or a link off its host; or ${NO_PERFORMER_NAMED}`,
      ...PROFILE_REFUSALS,
    },
  },
];
