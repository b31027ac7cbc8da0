/** Older collected days not yet published (older-days.server.ts): how many are, of how many. */
export interface OlderDays {
  published: number;
  total: number;
}
