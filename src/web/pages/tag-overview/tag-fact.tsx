import type { FactPart } from "./tag-fact-parts.ts";

/** The tag fact (SPEC §2): the top performer of each list, each name linking to their page. */
export function TagFact({ parts }: { parts: readonly FactPart[] }) {
  if (parts.length === 0) return null;
  return (
    <p className="tag-overview__fact">
      {parts.map((part, index) =>
        "text" in part ? (
          part.text
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the sentence's parts, fixed in order
          <a key={index} href={`/${encodeURIComponent(part.username)}`}>
            {part.username}
          </a>
        ),
      )}
    </p>
  );
}
