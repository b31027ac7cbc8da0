import type { PollSummary } from "../collect/poll.ts";
import type { Db } from "../db/connect.ts";
import {
  type AlertClaim,
  claimDigest,
  claimEachAlerts,
  digestLines,
  digestUsers,
  previousCompletePoll,
  pruneGoLive,
  recordGoLiveEvents,
  releaseAlertClaims,
  releaseDigest,
} from "../db/queries/list-alerts.ts";
import type { Logger } from "../log.ts";
import { type Mailer, MailLimitError } from "../mail/mailer.ts";
import { alertMail, digestMail, unsubscribeUrl } from "./alert-mail.ts";
import { DIGEST_SCOPE, signAlertToken } from "./alert-token.ts";
import {
  ALERT_MIN_GAP_MS,
  byRecipientAndList,
  comparable,
  digestThrough,
  digestWindow,
  GO_LIVE_KEPT_MS,
  sendWindow,
} from "./go-live.ts";

/** Waits for `promise` (which never rejects) for at most `ms`. */
async function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export interface GoLiveAlertsOptions {
  db: Db;
  /** Where alerts go; null when the site has no mail (accounts off): events are still recorded, for the feeds. */
  mailer: Mailer | null;
  /** The site's public origin, for the links in the mails. */
  origin: string;
  /** alertTokenKey(the auth secret): signs the unsubscribe links. */
  tokenKey: Buffer;
  /** POLL_INTERVAL, in milliseconds. */
  intervalMs: number;
  now?: () => number;
  log?: Logger;
}

export interface GoLiveAlerts {
  /**
   * The live collector's afterStore hook: records who went live, then mails them in the background;
   * the next poll's hook waits for that mail (at most half an interval).
   */
  afterStore(summary: PollSummary): Promise<void>;
  /** The hourly work: the daily digest when one is due, and forgetting old events. */
  hourly(): Promise<void>;
  /** Resolves when the mail in flight has been sent (or has failed). */
  idle(): Promise<void>;
}

/**
 * Go-live alerts (issue 18, decision 0020), run by the process that polls. After each complete poll
 * the performers on any list who are online in it and were not in the previous complete poll are
 * recorded as going live (go_live_events, the feeds' source too); then, in the background, each
 * watcher who chose 'each' gets one mail per list for the performers of that poll, unless they had
 * one about a performer within 6 hours. A failed mail (the recipient's hourly limit, the server) is
 * logged, its claims given back, and the rest of the batch goes on; nothing here fails a poll.
 */
export function createGoLiveAlerts(options: GoLiveAlertsOptions): GoLiveAlerts {
  const { db, mailer, origin, tokenKey, intervalMs, log } = options;
  const now = options.now ?? Date.now;
  let sending: Promise<void> = Promise.resolve();

  const link = (userId: string, scope: string) =>
    unsubscribeUrl(origin, signAlertToken(tokenKey, { userId, scope }));

  /** Sends one group's mail; on failure gives its claims back and says why. */
  async function sendGroup(group: readonly AlertClaim[]): Promise<void> {
    const first = group[0] as AlertClaim;
    const mail = alertMail({
      to: first.email,
      listId: first.listId,
      listName: first.listName,
      usernames: group.map((claim) => claim.username),
      origin,
      unsubscribe: link(first.userId, first.listId),
    });
    try {
      await (mailer as Mailer).send(mail);
    } catch (error) {
      await releaseAlertClaims(db, group);
      if (error instanceof MailLimitError) log?.warn(`go-live alert not sent: ${error.message}`);
      else log?.error({ err: error }, `go-live alert to ${first.email} not sent`);
    }
  }

  async function sendEach(pollAt: Date): Promise<void> {
    const claims = await claimEachAlerts(
      db,
      sendWindow(pollAt, intervalMs),
      new Date(now()),
      ALERT_MIN_GAP_MS,
    );
    for (const group of byRecipientAndList(claims)) {
      try {
        await sendGroup(group);
      } catch (error) {
        log?.error({ err: error }, "go-live alert failed");
      }
    }
  }

  async function sendDigests(): Promise<void> {
    const through = digestThrough(now());
    for (const user of await digestUsers(db)) {
      try {
        const claim = await claimDigest(db, user.userId, through);
        if (claim === undefined) continue;
        const lines = await digestLines(db, user.userId, digestWindow(through, claim.previous));
        const mail = digestMail({
          to: user.email,
          lines,
          through,
          origin,
          unsubscribe: link(user.userId, DIGEST_SCOPE),
        });
        if (mail === null) continue;
        try {
          await (mailer as Mailer).send(mail);
        } catch (error) {
          await releaseDigest(db, user.userId, through, claim.previous);
          throw error;
        }
      } catch (error) {
        if (error instanceof MailLimitError) log?.warn(`go-live digest not sent: ${error.message}`);
        else log?.error({ err: error }, `go-live digest to ${user.email} not sent`);
      }
    }
  }

  return {
    async afterStore(summary) {
      if (summary.status !== "complete" || !summary.written) return;
      // The previous poll's mail has left before this poll is done (so an alert leaves within one
      // interval of the next poll), unless the mail server is so slow that waiting would hold the
      // polls back: then no longer than half an interval.
      await settledWithin(sending, intervalMs / 2);
      try {
        const previous = await previousCompletePoll(db, summary.observedAt);
        if (comparable(previous, summary.observedAt, intervalMs)) {
          const events = await recordGoLiveEvents(db, summary.observedAt, previous);
          if (events > 0) log?.debug(`${events} performers on lists went live`);
        }
      } catch (error) {
        log?.error({ err: error }, `go-live events of ${summary.observedAt.toISOString()} not recorded`);
        return;
      }
      if (mailer === null) return;
      // One run at a time, off this poll's path.
      sending = sending.then(() =>
        sendEach(summary.observedAt).catch((error: unknown) => {
          log?.error({ err: error }, "go-live alerts failed");
        }),
      );
    },

    async hourly() {
      try {
        await pruneGoLive(db, new Date(now() - GO_LIVE_KEPT_MS), new Date(now() - ALERT_MIN_GAP_MS));
        if (mailer !== null) await sendDigests();
      } catch (error) {
        log?.error({ err: error }, "go-live digest or pruning failed; the next hour retries");
      }
    },

    idle: () => sending,
  };
}
