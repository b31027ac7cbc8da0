import { z } from "zod";
import { parseContentFile, renderMarkdown } from "../../../site/markdown.ts";
import type { ResourceSection } from "./resources-data.ts";

/** A /resources content file's front matter. */
export const resourceMetaSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  title: z.string().min(1),
  figures: z.boolean().optional(),
});

/**
 * The content files (content/resources/*.md), built into the pages (import.meta.glob), in the
 * order of their names: a deploy is what changes them, so they are parsed and rendered once.
 */
const FILES = import.meta.glob<string>("../../../../content/resources/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Files to sections; an unreadable file fails here, loudly, not as a half page. */
export function resourceSections(files: Record<string, string>): ResourceSection[] {
  return Object.keys(files)
    .sort()
    .map((name) => {
      const { meta, body } = parseContentFile(name, files[name] ?? "", resourceMetaSchema);
      return { id: meta.id, title: meta.title, html: renderMarkdown(body), figures: meta.figures ?? false };
    });
}

let sections: ResourceSection[] | undefined;
export const renderedSections = (): ResourceSection[] => {
  sections ??= resourceSections(FILES);
  return sections;
};
