const ENTITIES: Readonly<Record<string, string>> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

/**
 * Text made safe for HTML text and double-quoted attribute values: the five characters React
 * escapes itself. For the few tables built as HTML strings (big tables of figures; see
 * chart-table.tsx for why), everything interpolated goes through here.
 */
export function escapeHtml(text: string): string {
  return /["&'<>]/.test(text) ? text.replace(/["&'<>]/g, (c) => ENTITIES[c] ?? c) : text;
}
