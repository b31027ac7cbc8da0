import { type CacheSpec, type NamedCache, namedCache } from "../../cache/named-cache.ts";
import { compress, type Encoding } from "../accept-encoding.ts";

/** A generated document and its compressed forms, each made once, on the first request that wants it. */
export interface CachedDocument {
  body: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

function cachedDocument(text: string): CachedDocument {
  const body = Buffer.from(text, "utf8");
  const forms = new Map<Encoding, Promise<Buffer>>();
  return {
    body,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        // Brotli's quality 5, not its default 11: a 50,000-address sitemap compresses in tens of
        // milliseconds instead of seconds, still smaller than gzip's best.
        form = compress(body, encoding, 5);
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

/** A document, or null for one that is not there (a 404, kept too). */
interface Built {
  document: CachedDocument | null;
}

/**
 * Generated documents (the sitemaps), kept for the spec's time to live: they change once a day,
 * when the daily job publishes, and a crawler asks for all of them at once. Requests for the same
 * document while it is being built wait on the one build. A failed build is not kept. The bound
 * matters: the key holds the Host the visitor asked for, which a client chooses.
 */
export class DocumentCache {
  private readonly entries: NamedCache<string, Built>;

  constructor(spec: CacheSpec<string, Built>) {
    this.entries = namedCache(spec);
  }

  /** Forgets every document: the next request of each builds it again. */
  clear(): void {
    this.entries.clear();
  }

  async get(key: string, build: () => Promise<string | null>): Promise<CachedDocument | null> {
    const built = await this.entries.getOrLoad(key, async () => {
      const text = await build();
      return { document: text === null ? null : cachedDocument(text) };
    });
    return built.document;
  }
}
