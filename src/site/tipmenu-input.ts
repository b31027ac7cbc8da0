import { z } from "zod";
import { itemKeyOf } from "../collect/subject-goal.ts";
import {
  TERM_CONTROL,
  TERM_EXPECTED,
  TERM_MAX,
  TERM_MIN,
  TERM_NO_WORDS,
  TERM_TOO_LONG,
  TERM_TOO_SHORT,
  TOKENS_EXPECTED,
  TOKENS_MAX,
  TOKENS_MIN,
} from "./tipmenu.ts";

/** The tip menu search's checks, for the call and the pages' loader (server side only). */

/** A search term: 2 to 60 characters, no control characters, with a word to look for. */
export const termField = z
  .string({ error: TERM_EXPECTED })
  .regex(/^[^\p{Cc}]*$/u, TERM_CONTROL)
  .transform((t) => t.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(TERM_MIN, TERM_TOO_SHORT).max(TERM_MAX, TERM_TOO_LONG))
  .refine((t) => itemKeyOf(t) !== "", TERM_NO_WORDS);

export const tokensField = z
  .number({ error: TOKENS_EXPECTED })
  .int(TOKENS_EXPECTED)
  .min(TOKENS_MIN, TOKENS_EXPECTED)
  .max(TOKENS_MAX, TOKENS_EXPECTED);
