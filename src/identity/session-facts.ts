import Bowser from "bowser";
import geoip from "geoip-country";

/**
 * What a session keeps of the client that signed in (decision 0042, ASVS V3.3.4): enough for a
 * person to tell their devices apart, nothing that identifies them. The raw User-Agent and address
 * are read once, here, and dropped.
 */

/** A User-Agent is parsed no further than this: real ones are a few hundred characters. */
const USER_AGENT_READ = 512;
/** The description's bound (the column's CHECK). */
export const DEVICE_MAX_LENGTH = 80;

/** "Firefox on Android", "Safari on iOS", "Chrome": the browser and OS families only; null when neither is known. */
export function deviceOf(userAgent: string | null | undefined): string | null {
  const ua = (userAgent ?? "").slice(0, USER_AGENT_READ).trim();
  if (ua === "") return null;
  const { browser, os } = Bowser.parse(ua);
  const parts = [browser.name, os.name].map((name) => name?.trim() ?? "");
  const [browserName = "", osName = ""] = parts;
  const description =
    browserName !== "" && osName !== "" ? `${browserName} on ${osName}` : browserName || osName;
  return description === "" ? null : description.slice(0, DEVICE_MAX_LENGTH);
}

/** The ISO 3166 alpha-2 country of an address from the local database; null for a private or unknown one. */
export function countryOf(ip: string | null | undefined): string | null {
  if (ip === null || ip === undefined || ip === "") return null;
  const country = geoip.lookup(ip)?.country;
  return country !== undefined && /^[A-Z]{2}$/.test(country) ? country : null;
}
