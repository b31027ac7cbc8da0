import { serializeEmbeddedData } from "../lib/embedded-data.ts";

/**
 * Writes a page's data into its HTML as JSON (src/web/lib/embedded-data.ts reads it back). The
 * element's type keeps the browser from running it; the serializer keeps the data from ending it.
 */
export function EmbeddedDataScript({ id, data }: { id: string; data: unknown }) {
  const json = { __html: serializeEmbeddedData(data) };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by serializeEmbeddedData, not markup
  return <script type="application/json" id={id} dangerouslySetInnerHTML={json} />;
}
