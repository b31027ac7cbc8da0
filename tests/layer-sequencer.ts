import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A file's seconds in a whole `npm test`, by path (tests/durations.json, `npm run test:durations`). */
export type Durations = Record<string, number>;

export function committedDurations(): Durations {
  return JSON.parse(readFileSync(new URL("durations.json", import.meta.url), "utf8")) as Durations;
}

/**
 * The order of a run: group by group (`sequence.groupOrder`, vitest.config.ts), and within a
 * group the files that failed last time, then the files with a process of their own (the process
 * layer, the `-isolated` projects), then the files that share their workers' modules, each part
 * longest first. Vitest's own order (BaseSequencer) goes project by project, by name: a long file
 * of a late project ran alone at its group's end while the other core waited (BENCHMARKS.md, issue
 * 31, point 3). Here the long own-process files start together and the group ends on the shared
 * files, many and short; those run as one block, since a worker that takes a file of another
 * project is a new process (and a browser worker a new Chromium). A file's length is the last
 * run's on this machine (Vitest's results cache), else the committed table, so that a fresh clone
 * gets the same order; a file in neither (a new one) runs first, as in Vitest.
 */
export class LayerSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return orderForRun(files, {
      root: this.ctx.config.root,
      lastRun: (key) => this.ctx.cache.getFileTestResults(key),
      committed: committedDurations(),
    });
  }
}

interface OrderSources {
  root: string;
  /** Vitest's results cache, keyed `project:path`: duration in milliseconds. */
  lastRun: (key: string) => { duration: number; failed: boolean } | undefined;
  committed: Durations;
}

type Spec = Pick<TestSpecification, "moduleId"> & {
  project: { name: string; config: { isolate: boolean; sequence: { groupOrder: number } } };
};

export function orderForRun<T extends Spec>(files: T[], sources: OrderSources): T[] {
  const facts = new Map(
    files.map((spec) => {
      const file = path.relative(sources.root, spec.moduleId).split(path.sep).join("/");
      const last = sources.lastRun(`${spec.project.name}:${file}`);
      const committed = sources.committed[file];
      const ms = last ? last.duration : committed === undefined ? Number.POSITIVE_INFINITY : committed * 1000;
      return [spec, { file, failed: last?.failed === true, ms }];
    }),
  );
  const of = (spec: T) => facts.get(spec) as { file: string; failed: boolean; ms: number };
  const shares = (spec: T) => spec.project.config.isolate === false;
  return [...files].sort((a, b) => {
    const groupDiff = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
    if (groupDiff !== 0) return groupDiff;
    const [x, y] = [of(a), of(b)];
    if (x.failed !== y.failed) return x.failed ? -1 : 1;
    if (shares(a) !== shares(b)) return shares(a) ? 1 : -1;
    if (x.ms !== y.ms) return y.ms > x.ms ? 1 : -1;
    return x.file < y.file ? -1 : x.file > y.file ? 1 : 0;
  });
}
