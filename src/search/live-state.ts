import { LIVE_WITHIN_MS, onlineListIsCurrent } from "../rules/formulas/live-state.ts";
import { type Bitset, hasBit, newBitset, orInto, setBit } from "./bitset.ts";
import { PrefixBits } from "./prefix-bits.ts";
import { NO_COUNT, type SearchIndex } from "./search-index.ts";
import type { LiveRows } from "./search-rows.ts";
import { orderByKeyDesc, positionsOf } from "./sorted-lists.ts";

/**
 * What changes every poll, laid over a SearchIndex (refreshed about once a minute): the latest
 * sighting and max viewers of each performer, who is in the online list, and the viewer order
 * those give. Built whole and swapped in, like the index.
 */
export class LiveState {
  readonly maxViewers: Int32Array;
  readonly lastSeen: Float64Array;
  readonly onlineBits: Bitset;
  /** Rows seen within the last few minutes of the refresh: the only ones "seen under 5 minutes ago" can hold until the next. */
  readonly recentRows: Int32Array;
  /** Rows by max viewers, most first (unknown last); equal counts in name order. */
  readonly viewerOrder: Int32Array;
  readonly viewerPosition: Int32Array;
  readonly viewerPrefixes: PrefixBits;
  /** Each row's search result as JSON, made on first use: valid as long as this state (a minute). */
  readonly resultJson: (string | undefined)[];

  constructor(
    readonly index: SearchIndex,
    live: LiveRows,
    readonly refreshedAt: number,
  ) {
    this.maxViewers = index.peaks.slice();
    this.lastSeen = index.lastSeen.slice();
    for (const sighting of live.recent) {
      const row = index.rowOfId(sighting.performerId);
      if (row < 0) continue;
      this.lastSeen[row] = Math.max(this.lastSeen[row] as number, sighting.lastSeen.getTime());
      if (sighting.peakSince !== null) {
        this.maxViewers[row] = Math.max(this.maxViewers[row] as number, sighting.peakSince);
      }
    }
    this.onlineBits = newBitset(index.size);
    const listAt = live.observedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    for (const id of live.online) {
      const row = index.rowOfId(id);
      if (row < 0) continue;
      this.lastSeen[row] = Math.max(this.lastSeen[row] as number, listAt);
      if (onlineListIsCurrent(listAt, refreshedAt)) setBit(this.onlineBits, row);
    }
    const recent: number[] = [];
    for (let r = 0; r < index.size; r++) {
      if (refreshedAt - (this.lastSeen[r] as number) < LIVE_WITHIN_MS) recent.push(r);
    }
    this.recentRows = Int32Array.from(recent);
    this.viewerOrder = orderByKeyDesc(this.maxViewers);
    this.viewerPosition = positionsOf(this.viewerOrder);
    this.viewerPrefixes = new PrefixBits(this.viewerOrder);
    this.resultJson = new Array<string | undefined>(index.size);
  }

  /** The live rows at `now`: the online list, and whoever was seen under 5 minutes before `now`. */
  liveBits(now: number): Bitset {
    const bits = newBitset(this.index.size);
    orInto(bits, this.onlineBits);
    for (const r of this.recentRows) if (now - (this.lastSeen[r] as number) < LIVE_WITHIN_MS) setBit(bits, r);
    return bits;
  }

  isLive(row: number, now: number): boolean {
    return hasBit(this.onlineBits, row) || now - (this.lastSeen[row] as number) < LIVE_WITHIN_MS;
  }

  maxViewersOf(row: number): number | null {
    const v = this.maxViewers[row] as number;
    return v === NO_COUNT ? null : v;
  }
}
