import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Location } from "../../src/storage/s3-storage.ts";

/** A local S3-compatible server (s3rver) on a free port, over a temporary folder, with one bucket. */
export async function startS3Server(bucket = "camstats-test"): Promise<{
  location: Omit<S3Location, "prefix">;
  stop: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    location: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      // s3rver's fixed pair.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    stop: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
