import { readFileSync } from "node:fs";
import type { RankedRoom } from "../src/collect/rank.ts";
import { PollWriter } from "../src/collect/write-poll.ts";
import { connect } from "../src/db/connect.ts";
import { BARE_TABLES, writeBareCopy, writeRowByRow } from "./ingest-baselines.ts";

/**
 * The database side of `npm run bench:ingest`, in a process of its own with a small heap (the
 * parent holds the million-performer sandbox, whose garbage collection would land inside these
 * timings): our poll write, row by row, and a bare COPY, each on the same minutes of rows.
 */

interface Job {
  /** One file per minute of rows, in order. */
  rowsFiles: string[];
  firstInstant: number;
  urls: { write: string; rows: string; copy: string };
  rowIterations: number;
}

const MINUTE = 60_000;

process.once("message", async (job: Job) => {
  const minute = (i: number) => JSON.parse(readFileSync(job.rowsFiles[i] as string, "utf8")) as RankedRoom[];
  const at = (i: number) => new Date(job.firstInstant + i * MINUTE);
  const result = {
    write: [] as number[],
    performersWritten: [] as number[],
    stages: [] as Record<string, number>[],
    rows: [] as number[],
    copy: [] as number[],
  };

  const write = connect(job.urls.write, { max: 1 });
  const writer = new PollWriter(write.db, { graceWindowPolls: 3 });
  for (let i = 0; i < job.rowsFiles.length; i++) {
    const rooms = minute(i);
    const observedAt = at(i);
    const started = performance.now();
    const written = await writer.write(
      {
        observedAt,
        startedAt: observedAt,
        finishedAt: observedAt,
        status: "complete",
        source: "live",
        expectedRooms: rooms.length,
        pages: Math.ceil(rooms.length / 500),
        requests: Math.ceil(rooms.length / 500),
        durationMs: 0,
        duplicates: 0,
        malformed: 0,
        excluded: 0,
        errors: [],
      },
      rooms,
    );
    result.write.push(performance.now() - started);
    result.performersWritten.push(written.performersWritten);
    result.stages.push(written.timings);
  }
  await write.close();

  // A baseline: each minute's rows written by `write` on a client of its own database; the load of
  // each minute's rows stays outside the timing.
  const baseline = async (url: string, minutes: number, write: typeof writeRowByRow, setup?: string) => {
    const connection = connect(url, { max: 1 });
    const client = await connection.pool.connect();
    const times: number[] = [];
    try {
      if (setup) await client.query(setup);
      for (let i = 0; i < minutes; i++) {
        const rooms = minute(i);
        const started = performance.now();
        await write(client, rooms, at(i));
        times.push(performance.now() - started);
      }
    } finally {
      client.release();
      await connection.close();
    }
    return times;
  };
  result.rows = await baseline(job.urls.rows, job.rowIterations + 1, writeRowByRow);
  result.copy = await baseline(job.urls.copy, job.rowsFiles.length, writeBareCopy, BARE_TABLES);

  process.send?.(result, () => process.exit(0));
});
