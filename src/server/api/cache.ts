/** API data may be cached for 5 minutes (SPEC §9: the client keeps API data 300,000 ms). */
export const API_CACHE = "public, max-age=300";
