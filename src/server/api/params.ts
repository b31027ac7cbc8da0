import { z } from "zod";
import type { GenderCode } from "../../search/search-index.ts";

/**
 * A performer name as a query parameter: what the platform allows in a username (parse-room.ts),
 * in any case (it is lowercased, as SPEC §2 does for /model/{user}). Anything else cannot name a
 * performer and is refused before it reaches the database (a NUL byte would make PostgreSQL fail).
 */
export const modelNameParam = z
  .string({ error: "expected a performer name" })
  .trim()
  .min(1, "expected a performer name")
  .max(64, "expected at most 64 characters")
  .transform((name) => name.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9_][a-z0-9_.-]*$/, "expected a performer name: letters, digits, _ . and -"));

/**
 * A gender as the search sends it (SPEC §7: f, m, c, and s for every trans kind; t, the platform's
 * own code, is taken too); empty or "all" is every gender (null).
 */
export const genderCodeParam = z
  .enum(["", "all", "f", "m", "c", "s", "t"], { error: "expected a gender code: f, m, c or s" })
  .transform((g): GenderCode | null =>
    g === "s" || g === "t" ? "s" : g === "f" || g === "m" || g === "c" ? g : null,
  );

/** The gender column's code for a search gender code (trans is stored as the platform's t). */
export const storedGender = (code: GenderCode | null | undefined) => (code === "s" ? "t" : (code ?? null));
