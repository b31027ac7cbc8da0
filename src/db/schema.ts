import type { ColumnType, Generated } from "kysely";

/** Row types of the tables in migrations/, for Kysely. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** int8 columns arrive as numbers (see connect.ts): every id and sum here stays below 2^53. */
type BigCount = number;

export interface PerformersTable {
  performer_id: Generated<number>;
  username: string;
  display_name: string | null;
  gender: "f" | "m" | "t" | "c" | null;
  age: number | null;
  /** YYYY-MM-DD */
  birthday: string | null;
  country: string | null;
  location: string | null;
  languages: string | null;
  tags: string[];
  room_subject: string | null;
  followers: number | null;
  is_hd: boolean | null;
  is_new: boolean | null;
  first_seen: Timestamp;
  last_seen: Timestamp;
}

export type PollStatus = "complete" | "partial" | "failed";
export type PollSource = "live" | "simulated";

/** What went wrong in a poll, kept in polls.errors. */
export interface PollError {
  offset: number;
  attempt: number;
  error: string;
}

export interface PollsTable {
  poll_id: Generated<number>;
  observed_at: Timestamp;
  started_at: Timestamp;
  finished_at: Timestamp;
  status: PollStatus;
  source: PollSource;
  expected_rooms: number | null;
  rooms: number;
  viewers: BigCount;
  rooms_f: Generated<number>;
  rooms_m: Generated<number>;
  rooms_c: Generated<number>;
  rooms_t: Generated<number>;
  viewers_f: Generated<BigCount>;
  viewers_m: Generated<BigCount>;
  viewers_c: Generated<BigCount>;
  viewers_t: Generated<BigCount>;
  /** Migration 0024: rooms marked HD; null for polls before it was counted. */
  rooms_hd: number | null;
  pages: number;
  requests: number;
  duration_ms: number;
  duplicates: Generated<number>;
  malformed: Generated<number>;
  excluded: Generated<number>;
  errors: ColumnType<PollError[], string | undefined, string>;
}

export interface SnapshotsTable {
  performer_id: number;
  observed_at: Timestamp;
  poll_id: number;
  viewers: number | null;
  followers: number | null;
  show: number;
  seconds_online: number | null;
  rank: number | null;
  gender_rank: number | null;
}

export interface StreamSessionsTable {
  performer_id: number;
  start_time: Timestamp;
  end_time: Timestamp;
  followers_start: number | null;
  followers_end: number | null;
  max_viewers: number | null;
  viewers_sum: BigCount;
  viewers_samples: number;
  best_rank: number | null;
  best_gender_rank: number | null;
  rank_sum: BigCount;
  rank_samples: number;
  gender_rank_sum: BigCount;
  gender_rank_samples: number;
  snapshots: number;
  tags: string[];
  room_subject: string | null;
}

export interface OptoutsTable {
  username: string;
  requested_at: Generated<Date>;
  confirmed_at: Date | null;
}

/** Gender keys of the derived tables: the feed's, or 'u' when it never said. */
export type GenderKey = "f" | "m" | "c" | "t" | "u";

/** Derived (migration 0002): one performer's UTC day. */
export interface PerformerDaysTable {
  performer_id: number;
  day: string;
  peak_viewers: number | null;
  followers: number | null;
  follower_gain: number | null;
  minutes_online: number;
  stream_count: number;
  tags: string[];
  best_rank: number | null;
  best_gender_rank: number | null;
  seen_in_public: boolean;
  /** Migration 0022: viewers on average while online (numeric: a string), and over how many seconds. */
  avg_viewers: string | null;
  viewer_seconds: number;
}

/** Derived (migration 0003): one tag's UTC day, per gender. */
export interface TagDaysTable {
  day: string;
  tag: string;
  gender: GenderKey;
  performers: number;
  viewers_sum: BigCount;
  followers_sum: BigCount;
  follower_gain_sum: BigCount;
  minutes_online: BigCount;
}

/** Derived (migration 0003): one country's UTC day, per gender. */
export interface LocationDaysTable {
  day: string;
  country: string;
  gender: GenderKey;
  performers: number;
  viewers_sum: BigCount;
  followers_sum: BigCount;
  minutes_online: BigCount;
}

export interface Database {
  performers: PerformersTable;
  polls: PollsTable;
  snapshots: SnapshotsTable;
  stream_sessions: StreamSessionsTable;
  optouts: OptoutsTable;
  performer_days: PerformerDaysTable;
  tag_days: TagDaysTable;
  location_days: LocationDaysTable;
}

export type TagSuggestionStatus = "pending" | "approved" | "rejected";

/** Migration 0006: a tag suggested for a performer, and its review. */
export interface TagSuggestionsTable {
  id: Generated<number>;
  username: string;
  tag: string;
  suggested_at: Generated<Date>;
  status: Generated<TagSuggestionStatus>;
  reviewed_at: Date | null;
  /** Migration 0028: how often it arrived while pending, and the signed-in account that first sent it. */
  times: Generated<number>;
  sender_id: string | null;
}

// Declared apart from Database above (interfaces merge) so that parallel branches adding tables
// append instead of editing the same lines.
export interface Database {
  tag_suggestions: TagSuggestionsTable;
}

/** Migration 0010: a performer's about-me text as last fetched from the platform's profile endpoint. */
export interface PerformerBiosTable {
  performer_id: number;
  about_me: string;
  fetched_at: Date;
  /** When about_me last changed (the first fetch, or a refetch that found a different text). */
  changed_at: Date;
}

/** Migration 0011: a performer whose profile request failed, and when it may be asked again. */
export interface BioFetchFailuresTable {
  performer_id: number;
  failures: number;
  last_error: string;
  failed_at: Date;
  retry_at: Date;
}

/** Migration 0010: what a signed-in fan wrote about a performer (written once accounts exist). */
export interface FanQuotesTable {
  quote_id: Generated<number>;
  performer_id: number;
  quote: string;
  created_at: Generated<Date>;
  /** Migration 0028: the fan who wrote it, its review, and its last edit while pending. */
  user_id: string | null;
  status: Generated<"pending" | "approved" | "rejected" | "hidden">;
  updated_at: Generated<Date>;
  reviewed_at: Date | null;
}

/** Migration 0028: every moderation decision, who made it and when (decision 0041). */
export interface ModerationDecisionsTable {
  id: Generated<number>;
  kind: "tag" | "summary" | "quote";
  item_id: number;
  action: "approve" | "reject" | "hide" | "undo";
  decided_by: string | null;
  decided_as: "moderator" | "performer";
  decided_at: Generated<Date>;
}

export interface Database {
  moderation_decisions: ModerationDecisionsTable;
}

/** Migration 0010 (derived): highest peak viewers over the 30 ranking days to through_day. */
export interface PerformerPeaksTable {
  performer_id: number;
  peak_viewers: number;
  through_day: Date;
}

export interface Database {
  performer_bios: PerformerBiosTable;
  bio_fetch_failures: BioFetchFailuresTable;
  fan_quotes: FanQuotesTable;
  performer_peaks: PerformerPeaksTable;
}

/** Migration 0012: a mail sent, what the per-recipient limit counts (kept a day). */
export interface MailLogTable {
  mail_id: Generated<number>;
  /** Lowercased. */
  recipient: string;
  kind: string;
  sent_at: Timestamp;
}

export interface Database {
  mail_log: MailLogTable;
}

/** Migration 0013: an account (better-auth's user, under our names; decision 0018). */
export interface UsersTable {
  id: Generated<string>;
  name: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0013: how an account signs in: a password ('credential') or Google. */
export interface AuthAccountsTable {
  id: Generated<string>;
  user_id: string;
  provider_id: string;
  account_id: string;
  password_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0013: one sign-in on one device, the anchor of one refresh family. */
export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  token: string;
  expires_at: Date;
  /** Always null since migration 0029 (a CHECK holds them so): better-auth's names for the raw client. */
  ip_address: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 0029: "Firefox on Android", or null when the browser did not say. */
  device: string | null;
  /** Migration 0029: ISO 3166 alpha-2 of the address signed in from, or null when unknown. */
  country: string | null;
  /** Migration 0029: renewed at most every few minutes (SESSION_USE_STEP_MS). */
  last_used_at: Generated<Date>;
}

/** Migration 0013: a refresh cookie value issued (its sha256), and what replaced it. */
export interface AuthRefreshTokensTable {
  token_hash: Buffer;
  session_id: string;
  created_at: Generated<Date>;
  replaced_at: Date | null;
  replaced_by: Buffer | null;
}

/** Migration 0013: a verification link followed (its sha256): each works once. */
export interface AuthUsedLinksTable {
  token_hash: Buffer;
  used_at: Generated<Date>;
}

/** Migration 0013: an abuse limit's count within its window. */
export interface AuthRateCountersTable {
  key: string;
  window_start: Date;
  count: number;
  last_at: Date;
}

export interface Database {
  auth_rate_counters: AuthRateCountersTable;
  users: UsersTable;
  auth_accounts: AuthAccountsTable;
  auth_sessions: AuthSessionsTable;
  auth_refresh_tokens: AuthRefreshTokensTable;
  auth_used_links: AuthUsedLinksTable;
}

/** Migration 0014: a user's model list (decision 0020). */
export interface ListsTable {
  list_id: string;
  user_id: string;
  name: string;
  description: Generated<string>;
  is_public: Generated<boolean>;
  image: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0014: a performer on a list, and since when. */
export interface ListPerformersTable {
  list_id: string;
  performer_id: number;
  added_at: Generated<Date>;
}

/** Migration 0014: a user watching a list. */
export interface ListWatchesTable {
  user_id: string;
  list_id: string;
  created_at: Generated<Date>;
  /** Migration 0015: mail when a performer on the list goes live. */
  alerts: Generated<ListAlerts>;
}

/** A watch's choice of alerts: none, a mail as each performer goes live, or a daily digest. */
export type ListAlerts = "off" | "each" | "digest";

/** Migration 0015: a performer seen going live by a complete poll (kept 30 days). */
export interface GoLiveEventsTable {
  performer_id: number;
  went_live_at: Date;
  poll_observed_at: Date;
}

/** Migration 0015: the last go-live alert a user was sent about a performer (the 6-hour rule). */
export interface LiveAlertsTable {
  user_id: string;
  performer_id: number;
  sent_at: Date;
}

/** Migration 0015: the instant through which a user's daily digest has been sent. */
export interface ListDigestSentTable {
  user_id: string;
  sent_through: Date;
}

export interface Database {
  go_live_events: GoLiveEventsTable;
  live_alerts: LiveAlertsTable;
  list_digest_sent: ListDigestSentTable;
}

export interface Database {
  lists: ListsTable;
  list_performers: ListPerformersTable;
  list_watches: ListWatchesTable;
}

/** Migration 0016: a user's claim to be a performer, proved by its code (decision 0021). */
export interface PerformerClaimsTable {
  user_id: string;
  performer_id: number;
  code: string;
  created_at: Generated<Date>;
  expires_at: Date;
  /** When the collector last compared the code with the performer's room subject and about-me. */
  last_checked_at: Date | null;
  verified_at: Date | null;
}

/** Migration 0016: the one account verified for a performer. */
export interface PerformerOwnersTable {
  performer_id: number;
  user_id: string;
  verified_at: Date;
}

export interface Database {
  performer_claims: PerformerClaimsTable;
  performer_owners: PerformerOwnersTable;
}

/** Migration 0029: a one-time code that opts a performer out, or back in, without an account (decision 0044). */
export interface OptoutCodesTable {
  performer_id: number;
  action: "out" | "in";
  expires_at: Date;
  code: string;
  created_at: Date;
  used_at: Date | null;
  /** When the bio fetcher last read the performer's about-me for this code. */
  bio_checked_at: Date | null;
}

export interface Database {
  optout_codes: OptoutCodesTable;
}

/** Migration 0017: a verified performer's own profile (decision 0022); JSON as profile-rules.ts validates it. */
export interface PerformerProfilesTable {
  performer_id: number;
  about_me: Generated<string>;
  schedule: unknown;
  goals: Generated<unknown>;
  show_goal_details: Generated<boolean>;
  socials: Generated<unknown>;
  profile_image: string | null;
  banner_image: string | null;
  updated_at: Generated<Date>;
  /** Migration 0020: the tip menu, [{ item, itemKey, tokens }] (decision 0024). */
  tip_menu: Generated<unknown>;
}

/** Migration 0018: the thumbnail keeper's state for a performer (decision 0023). */
export interface PerformerThumbsTable {
  performer_id: number;
  /** The UTC day of the last request to the image host, whatever came of it. */
  fetched_on: string;
  /** The first UTC day the performer may be asked for again. */
  retry_on: string;
  /** When the kept thumbnail was written; null while none is kept. */
  stored_at: Date | null;
  /** SHA-256 (hex) of the kept thumbnail's bytes. */
  hash: string | null;
  /** Failed requests in a row. */
  failures: Generated<number>;
  last_error: string | null;
}

export interface Database {
  performer_profiles: PerformerProfilesTable;
  performer_thumbs: PerformerThumbsTable;
}

/** Migration 0019: a token goal parsed from a performer's room subject (issue 20). */
export interface SubjectGoalsTable {
  performer_id: number;
  /** The parser's normal form of the item: grouping and search key. */
  item_key: string;
  /** The item as last written. */
  item: string;
  tokens: number;
  /** 'goal': the goal's amount; 'left': the highest "tokens left" seen, a lower bound of the price. */
  amount_kind: "goal" | "left";
  gender: "f" | "m" | "t" | "c";
  first_seen: Timestamp;
  last_seen: Timestamp;
}

export interface Database {
  subject_goals: SubjectGoalsTable;
}

/** Migration 0021: the bingo cards a verified performer's account saved (decision 0025). */
export interface BingoCardsTable {
  card_id: Generated<string>;
  user_id: string;
  title: string;
  /** A card as src/site/bingo/card.ts validates it. */
  card: unknown;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface Database {
  bingo_cards: BingoCardsTable;
}

/** Migration 0020: every item key subject_goals ever held (filled by a trigger), for the search. */
export interface SubjectGoalItemsTable {
  item_key: string;
}

export interface Database {
  subject_goal_items: SubjectGoalItemsTable;
}

/** Migration 0027: a secret every node of a fleet shares (decision 0037). */
export interface SiteSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface Database {
  site_secrets: SiteSecretsTable;
}
