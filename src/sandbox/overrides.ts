import type { ProfileTruth } from "./biocontext.ts";
import type { Population, TruthRoom } from "./population.ts";

/** What a developer or a test set for one performer by hand: each field, when set, wins over the model. */
export interface PerformerOverride {
  roomSubject?: string;
  aboutMe?: string;
  online?: boolean;
}

/**
 * The sandbox platform's hand-set performer state (POST /_sandbox/performer): a room subject, an
 * about-me, online or offline. So that a claim's code can be put where the collector looks, on a
 * fresh `npm start` and in tests (issue 19). Laid over the model's answers; the model itself is
 * untouched, so clearing an override gives the model's state back.
 */
export class SandboxOverrides {
  private readonly byUsername = new Map<string, PerformerOverride>();
  /** Bumped on each change, so that cached answers know they are out of date. */
  version = 0;

  /** Merges the fields given into the performer's override; null clears a field. */
  set(
    username: string,
    change: { [K in keyof PerformerOverride]?: PerformerOverride[K] | null },
  ): PerformerOverride {
    const next: PerformerOverride = { ...this.byUsername.get(username) };
    for (const key of ["roomSubject", "aboutMe", "online"] as const) {
      const value = change[key];
      if (value === null) delete next[key];
      else if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(next).length === 0) this.byUsername.delete(username);
    else this.byUsername.set(username, next);
    this.version++;
    return next;
  }

  get size(): number {
    return this.byUsername.size;
  }

  /** The rooms online at ms with the overrides laid over: subjects replaced, performers added or taken out. */
  rooms(population: Population, rooms: TruthRoom[], ms: number): TruthRoom[] {
    if (this.byUsername.size === 0) return rooms;
    const out: TruthRoom[] = [];
    const present = new Set<string>();
    for (const room of rooms) {
      const override = this.byUsername.get(room.username);
      present.add(room.username);
      if (override?.online === false) continue;
      out.push(override?.roomSubject === undefined ? room : { ...room, subject: override.roomSubject });
    }
    for (const [username, override] of this.byUsername) {
      if (override.online !== true || present.has(username)) continue;
      const room = population.roomAsIfOnline?.(username, ms) ?? null;
      if (room !== null)
        out.push(override.roomSubject === undefined ? room : { ...room, subject: override.roomSubject });
    }
    // The feed's order: viewers desc, then username.
    return out.sort(
      (a, b) => b.viewers - a.viewers || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
    );
  }

  /** A profile with the override's about-me, and live when put online by hand. */
  profile(truth: ProfileTruth | null): ProfileTruth | null {
    if (truth === null) return null;
    const override = this.byUsername.get(truth.username);
    if (override === undefined) return truth;
    return {
      ...truth,
      ...(override.aboutMe === undefined ? {} : { aboutMe: override.aboutMe }),
      ...(override.online === undefined ? {} : { live: override.online }),
    };
  }
}
