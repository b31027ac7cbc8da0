/**
 * Orders tables so each comes after the tables its foreign keys refer to, so that a restore can
 * fill them one after another with every constraint checked. A partition goes with its parent (the
 * keys are declared there). A table referring to itself is fine: COPY checks at the statement's end.
 */
export function fillOrder(
  tables: { name: string; parent?: string }[],
  references: { from: string; to: string }[],
): string[] {
  const familyOf = (name: string) => tables.find((t) => t.name === name)?.parent ?? name;
  const needs = new Map<string, Set<string>>();
  for (const { from, to } of references) {
    const a = familyOf(from);
    const b = familyOf(to);
    if (a === b) continue;
    if (!needs.has(a)) needs.set(a, new Set());
    needs.get(a)?.add(b);
  }
  const families = [...new Set(tables.map((t) => familyOf(t.name)))].sort();
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const order: string[] = [];
  const visit = (family: string) => {
    if (placed.has(family)) return;
    if (visiting.has(family))
      throw new Error(`foreign keys form a cycle through ${family}; a restore cannot order these tables`);
    visiting.add(family);
    for (const needed of [...(needs.get(family) ?? [])].sort()) visit(needed);
    visiting.delete(family);
    placed.add(family);
    order.push(family);
  };
  for (const family of families) visit(family);
  const rank = new Map(order.map((family, i) => [family, i]));
  return tables
    .map((t) => t.name)
    .sort((a, b) => (rank.get(familyOf(a)) ?? 0) - (rank.get(familyOf(b)) ?? 0) || a.localeCompare(b));
}
