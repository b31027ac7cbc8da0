/**
 * How long a model search's answer (the API's and the search page's) may be kept: half a poll
 * interval. Each server process searches a poll within seconds of it being stored (search-service.ts,
 * followPollsSeconds), so a performer new in a poll is found by anyone within one poll interval,
 * cached copies included (issue 16). No imports: the search page's route module reaches the browser.
 */
export const SEARCH_CACHE_CONTROL = "public, max-age=30";
