import { andNotInto, type Bitset, newBitset, setBit } from "./bitset.ts";

/** How many prefix bitsets an order keeps: 32 of 62.5 kB at 500,000 rows, 2 MB an order. */
const STEPS = 32;

/**
 * Any slice of a presorted order as a bitset, at a bounded cost. A range filter (followers 100 to
 * 100,000) is a slice of the order by that value, often hundreds of thousands of rows long; setting
 * its bits one by one costs a millisecond or more. Kept instead: the bitsets of the order's first
 * 1/32, 2/32, ... of rows. A slice [from, to) is prefix(to) AND NOT prefix(from), each prefix taken
 * from the nearest kept one and finished row by row (at most 1/32 of the rows).
 */
export class PrefixBits {
  private readonly kept: Bitset[] = [];
  private readonly step: number;

  constructor(private readonly order: Int32Array) {
    this.step = Math.max(1, Math.ceil(order.length / STEPS));
    let bits = newBitset(order.length);
    for (let k = 0; k <= order.length; k++) {
      if (k % this.step === 0) {
        this.kept.push(bits);
        bits = bits.slice();
      }
      if (k < order.length) setBit(bits, order[k] as number);
    }
  }

  /** The rows of order[from .. to). */
  slice(from: number, to: number): Bitset {
    const bits = this.prefix(to);
    if (from > 0) andNotInto(bits, this.prefix(from));
    return bits;
  }

  /** A fresh bitset of order[0 .. end). */
  private prefix(end: number): Bitset {
    const k = Math.floor(end / this.step);
    const bits = (this.kept[k] as Bitset).slice();
    for (let i = k * this.step; i < end; i++) setBit(bits, this.order[i] as number);
    return bits;
  }
}
