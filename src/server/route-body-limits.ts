import { FAVORITES_MAX_CHARACTERS } from "../lists/favorites-text.ts";

/**
 * The calls whose bodies may be larger than the 16 KiB every other JSON call takes
 * (request-bounds.ts, decision 0032): each as much as its own rules let a legitimate body be.
 * Uploads are not here: multipart keeps its own limits (api/image-upload.ts).
 */

/**
 * POST /v1/account_settings at its largest (profiles/profile-rules.ts): an about-me of 2,000
 * characters, 40 tip-menu items and 5 goals of 120, each character up to 4 bytes of UTF-8, and 28
 * schedule slots: about 35 kB with the JSON around them, pretty-printed. The route's test sends
 * that body.
 */
export const ACCOUNT_SETTINGS_BODY_LIMIT = 48 * 1024;

/**
 * POST /v1/list_import_favorites: favourites of up to 200,000 characters, which UTF-8 writes in at
 * most 3 bytes each (a character outside the BMP is two of them in 4 bytes), and the envelope.
 */
export const LIST_IMPORT_BODY_LIMIT = FAVORITES_MAX_CHARACTERS * 3 + 4096;
