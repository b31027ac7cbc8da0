import { useAgeVerification } from "../../lib/age-verification.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * The profile thumbnail we keep of a performer (decision 0023), in the profile's picture space
 * while no live thumbnail is shown there. A still of their room, so treated like the live
 * thumbnails (SPEC §6): shown to people once the /api/geoip check says no age verification
 * applies, never to crawlers, and hidden if the file has gone since the page was made.
 */
export function ProfileThumb({
  username,
  url,
  crawler,
}: {
  username: string;
  url: string | null;
  crawler: boolean;
}) {
  const hydrated = useHydrated();
  const ageVerification = useAgeVerification(hydrated && !crawler && url !== null);
  if (url === null || ageVerification !== "not-required") return null;
  return (
    <img
      className="performer__thumb performer__thumb--profile"
      src={url}
      alt={`${username}'s room, as last seen`}
      width={240}
      height={180}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        event.currentTarget.hidden = true;
      }}
    />
  );
}
