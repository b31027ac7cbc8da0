import { z } from "zod";

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
