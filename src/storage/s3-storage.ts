import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { checkKey, checkPrefix, etagOf, type ObjectInfo, type Storage } from "./storage.ts";

export interface S3Location {
  bucket: string;
  /** Keys are kept under it: "" or a path ending with `/`. */
  prefix: string;
  /** An S3-compatible server's address (MinIO, R2, …); unset: AWS's own for the region. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Our ETag of the bytes, kept as the object's metadata: S3's own is an MD5, or not one at all for a multipart upload. */
const ETAG_META = "sha256-etag";

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/**
 * A store in an S3-compatible bucket. A put is one PutObject, which S3 makes visible whole or not at
 * all. Path-style addresses when an endpoint is given (what MinIO and most compatible servers want).
 */
export function s3Storage(location: S3Location): Storage {
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    // Checksums only where S3 requires them: compatible servers do not all know the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = location.bucket;
  const fullKey = (key: string) => location.prefix + checkKey(key);

  return {
    description: `s3 bucket ${Bucket}${location.prefix ? ` under ${location.prefix}` : ""}${location.endpoint ? ` at ${location.endpoint}` : ""}`,

    async put(key, bytes, options) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: fullKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: options?.contentType,
          CacheControl: options?.cacheControl,
          Metadata: { [ETAG_META]: etagOf(bytes) },
        }),
      );
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: fullKey(key) }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return {
          key,
          bytes,
          size: bytes.length,
          modifiedMs: answer.LastModified?.getTime() ?? 0,
          etag: etagOf(bytes),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: fullKey(key) }));
        return {
          key,
          size: answer.ContentLength ?? 0,
          modifiedMs: answer.LastModified?.getTime() ?? 0,
          // An object put by another tool has none: its ETag is then only known by reading it.
          etag: answer.Metadata?.[ETAG_META] ?? null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async stamp(key) {
      const found = await this.head(key);
      if (found === null) return null;
      return { version: found.etag ?? `${found.modifiedMs}:${found.size}`, modifiedMs: found.modifiedMs };
    },

    async list(prefix) {
      checkPrefix(prefix);
      const found: ObjectInfo[] = [];
      // The first listing (ListObjects, pages following the last key seen as Marker): every
      // S3-compatible server knows it, and s3rver answers a second one past 1,000 keys with a 500.
      let Marker: string | undefined;
      let more: boolean;
      do {
        const page = await client.send(
          new ListObjectsCommand({ Bucket, Prefix: location.prefix + prefix, Marker }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key === undefined) continue;
          found.push({
            key: item.Key.slice(location.prefix.length),
            size: item.Size ?? 0,
            modifiedMs: item.LastModified?.getTime() ?? 0,
          });
        }
        Marker = page.Contents?.at(-1)?.Key;
        more = page.IsTruncated === true && Marker !== undefined;
      } while (more);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async holds(prefix) {
      checkPrefix(prefix);
      const page = await client.send(
        new ListObjectsCommand({ Bucket, Prefix: location.prefix + prefix, MaxKeys: 1 }),
      );
      return (page.Contents ?? []).some((item) => item.Key !== undefined);
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },

    // A PUT that fails leaves nothing in a bucket: there is nothing unfinished to sweep.
    async sweepUnfinished() {
      return 0;
    },
  };
}
