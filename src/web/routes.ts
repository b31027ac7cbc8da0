import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page, explicitly (no file-system routing): the SPEC's route table (§2) reads straight
 * across to this list as the pages arrive.
 */
export default [
  // The live-room pages: one route module per kind of list, shared by the addresses of that kind.
  index("pages/rooms/home.route.tsx", { id: "routes/home" }),
  route("tag/:tags", "pages/rooms/tag.route.tsx", { id: "tag" }),
  route("tag/:tags/*", "pages/rooms/tag.route.tsx", { id: "tag-more" }),
  route("female-cams", "pages/rooms/gender-cams.route.tsx", { id: "female-cams" }),
  route("male-cams", "pages/rooms/gender-cams.route.tsx", { id: "male-cams" }),
  route("teen-cams", "pages/rooms/age-cams.route.tsx", { id: "teen-cams" }),
  route("18to21-cams", "pages/rooms/age-cams.route.tsx", { id: "18to21-cams" }),
  route("20to30-cams", "pages/rooms/age-cams.route.tsx", { id: "20to30-cams" }),
  route("30to50-cams", "pages/rooms/age-cams.route.tsx", { id: "30to50-cams" }),
  route("mature-cams", "pages/rooms/age-cams.route.tsx", { id: "mature-cams" }),
  route("go/:user", "pages/rooms/go.route.tsx", { id: "routes/go" }),
  // The feed's HD rooms (its one quality flag): /4k is the same list, canonical to /1080p.
  route("1080p", "pages/rooms/hd-cams.route.tsx", { id: "hd-1080p" }),
  route("4k", "pages/rooms/hd-cams.route.tsx", { id: "hd-4k" }),
  route("about", "pages/about/route.tsx", { id: "routes/about" }),
  route("moderation", "pages/moderation/route.tsx", { id: "moderation" }),
  // The tag explorer (SPEC §1): every tag, and one tag's page. /tag/{tags} (the live rooms) is another page.
  route("tags", "pages/tags/tags.route.tsx", { id: "routes/tags" }),
  route("tags/:tag", "pages/tags/tags-tag.route.tsx", { id: "routes/tags-tag" }),
  // Pages SPEC §2 knows by name only: live stats, camera trends, the world location explorer.
  route("live-stats", "pages/live-stats/route.tsx", { id: "routes/live-stats" }),
  route("camera-trends", "pages/camera-trends/route.tsx", { id: "routes/camera-trends" }),
  route("world-locations", "pages/world-locations/route.tsx", { id: "routes/world-locations" }),
  // The account pages (SPEC §2): never cached, nothing personal rendered on the server.
  route("settings", "pages/account/settings.route.tsx", { id: "routes/settings" }),
  route("logout", "pages/account/logout.route.tsx", { id: "routes/logout" }),
  route("privacy", "pages/privacy/route.tsx", { id: "routes/privacy" }),
  // Model lists (SPEC §2): /lists with its tabs (?tab=1 is My Lists, which /mylists opens), the
  // import (a static segment, above the list ids), and a list's own page.
  route("lists", "pages/lists/lists.route.tsx", { id: "routes/lists" }),
  route("mylists", "pages/lists/mylists.route.tsx", { id: "routes/mylists" }),
  route("lists/import", "pages/lists/list-import.route.tsx", { id: "routes/list-import" }),
  route("lists/:listId", "pages/lists/list.route.tsx", { id: "routes/list" }),
  // The daily viewer ranking in all its forms (/top/viewers[/{gender}][/{tag}][/{date}]); the
  // module reads the segments itself, since a tag and a date share places (SPEC §2, §5).
  route("top/viewers/*", "pages/daily-viewers/route.tsx", { id: "routes/top-viewers" }),
  // The tag ranking overview (/top, /top/{tagOrGender}, /top/{tag}/{gender}): one module, three
  // routes. The rankings' static first segments (/top/viewers…) rank above these dynamic ones.
  route("top", "pages/tag-overview/route.tsx", { id: "tag-overview" }),
  route("top/:first", "pages/tag-overview/route.tsx", { id: "tag-overview-first" }),
  route("top/:first/:second", "pages/tag-overview/route.tsx", { id: "tag-overview-second" }),
  // The ranked lists, each family one module reading its own segments (a tag, a gender, an order
  // and a date share places: src/site/urls/ranked-lists.ts). A splat also matches the bare path.
  route("top/followers/*", "pages/ranked-lists/top-followers.route.tsx", { id: "routes/top-followers" }),
  route("top/growing/*", "pages/ranked-lists/top-growing.route.tsx", { id: "routes/top-growing" }),
  route("top/performers/*", "pages/ranked-lists/top-performers.route.tsx", { id: "routes/top-performers" }),
  route("top/2021/*", "pages/ranked-lists/top-2021.route.tsx", { id: "routes/top-2021" }),
  route("top/supporters/*", "pages/ranked-lists/top-supporters.route.tsx", { id: "routes/top-supporters" }),
  // A performer's summaries. The wrapped page's first segment is `{PLATFORM_SLUG}_wrapped`, which is
  // configuration, so it is dynamic here and the loader answers 404 for any other first segment;
  // every static first segment ranks above it.
  route(":wrapped/:performerName", "pages/summaries/wrapped.route.tsx", { id: "routes/wrapped" }),
  route("monthly_summary/:performerName", "pages/summaries/monthly-summary.route.tsx", {
    id: "routes/monthly-summary",
  }),
  // Celebrations and performer badges, both from /api/celebrations.json.
  route("celebrations", "pages/celebrations/route.tsx", { id: "routes/celebrations" }),
  route("performerbadges", "pages/performer-badges/route.tsx", { id: "routes/performer-badges" }),
  // The further pages (SPEC §2): the tag's page of the day, the milestone race, brand assets.
  route("popular/:tag", "pages/popular/route.tsx", { id: "popular" }),
  route("popular/:tag/:date", "pages/popular/route.tsx", { id: "popular-dated" }),
  route("race", "pages/race/route.tsx", { id: "race" }),
  route("race/:gender", "pages/race/route.tsx", { id: "race-gender" }),
  route("logos", "pages/logos/route.tsx", { id: "routes/logos" }),
  // The search (SPEC §2): /search[/{gender}[/{tag}]] and /schedule, one module reading the segments.
  route("search", "pages/search/route.tsx", { id: "search" }),
  route("search/:gender", "pages/search/route.tsx", { id: "search-gender" }),
  route("search/:gender/:tag", "pages/search/route.tsx", { id: "search-gender-tag" }),
  route("schedule", "pages/search/route.tsx", { id: "schedule" }),
  // Traffic (/traffic, /traffic/{date}, /traffic/{startDate}/{tag}): the published files, then a
  // day's or a tag's hours from the database; static first segments outrank /:performerName.
  route("traffic", "pages/traffic/traffic.route.tsx", { id: "routes/traffic" }),
  route("traffic/:date", "pages/traffic/traffic-day.route.tsx", { id: "routes/traffic-day" }),
  route("traffic/:startDate/:tag", "pages/traffic/traffic-tag.route.tsx", { id: "routes/traffic-tag" }),
  // The country map (/map[/{gender}], page-level gender words) and a country's rankings
  // (/location/{locationName}[/{gender}], ranking gender words).
  route("map", "pages/map/route.tsx", { id: "map" }),
  route("map/:gender", "pages/map/route.tsx", { id: "map-gender" }),
  route("location/:location", "pages/location/route.tsx", { id: "location" }),
  route("location/:location/:gender", "pages/location/route.tsx", { id: "location-gender" }),
  // The name picker (SPEC §2, issue 20): /namepicker[/{name}], one module; ?words= for suggestions.
  route("namepicker", "pages/namepicker/route.tsx", { id: "namepicker" }),
  route("namepicker/:name", "pages/namepicker/route.tsx", { id: "namepicker-name" }),
  // Compare performers (issue 20): /compare?performers=a,b&days=30, for signed-in visitors.
  route("compare", "pages/compare/route.tsx", { id: "routes/compare" }),
  // The social media editor and its buttons alone (SPEC §2, issue 20): one module for both tools.
  route("socialmedia", "pages/socialmedia/route.tsx", { id: "socialmedia" }),
  route("socialmedia/:user", "pages/socialmedia/route.tsx", { id: "socialmedia-user" }),
  route("socialmedia/:user/:trophy", "pages/socialmedia/route.tsx", { id: "socialmedia-trophy" }),
  route("social-media-buttons", "pages/socialmedia/route.tsx", { id: "social-media-buttons" }),
  route("social-media-buttons/:user", "pages/socialmedia/route.tsx", { id: "social-media-buttons-user" }),
  // The resources page (SPEC §2): content files rendered on the server.
  route("resources", "pages/resources/route.tsx", { id: "routes/resources" }),
  // The bingo card creator (SPEC §2, issue 20); its PNGs (/bingo-card-creator/card.png) are Fastify's.
  route("bingo-card-creator", "pages/bingo-card-creator/route.tsx", { id: "routes/bingo-card-creator" }),
  // The tip menu search (SPEC §2, issue 20): /tipmenu[/{searchTerm}/{gender}], one module; ?min= ?max=;
  // /tipmenu/{searchTerm} alone moves to its /all.
  route("tipmenu", "pages/tipmenu/route.tsx", { id: "tipmenu" }),
  route("tipmenu/:term", "pages/tipmenu/route.tsx", { id: "tipmenu-term" }),
  route("tipmenu/:term/:gender", "pages/tipmenu/route.tsx", { id: "tipmenu-search" }),
  // The blog (SPEC §2 /blog[/{title}]): content files and the monthly data reports; the Atom feed,
  // /blog/feed.xml, is a server route (src/server/routes/blog-feed.ts) registered before the pages.
  route("blog", "pages/blog/blog.route.tsx", { id: "routes/blog" }),
  route("blog/:slug", "pages/blog/blog-post.route.tsx", { id: "routes/blog-post" }),
  // The performer pages: /model/{user} (the performer page, canonical /{user}) and
  // /schedule/{user}; then every other single segment, /{performerName}, which also answers the
  // token page /{PLATFORM_SLUG}-tokens (the slug is configuration). Static segments outrank it.
  // A performer's own account pages (issue 19): never cached, filled in the browser.
  route("claim/:user", "pages/account/claim.route.tsx", { id: "routes/claim" }),
  // The claim schedule page (SPEC §2 names it): the verified performer's schedule editor alone.
  route("claim/:user/schedule", "pages/account/claim-schedule.route.tsx", { id: "routes/claim-schedule" }),
  route("optout/:user", "pages/account/optout.route.tsx", { id: "routes/optout" }),
  route("model/:user", "pages/performer/model.route.tsx", { id: "routes/model" }),
  route("schedule/:user", "pages/performer/schedule.route.tsx", { id: "routes/schedule" }),
  route(":performerName", "pages/performer/performer.route.tsx", { id: "routes/performer" }),
  // Last resort: any other address is the 404 page (pages/not-found/route.tsx).
  route("*", "pages/not-found/route.tsx", { id: "routes/not-found" }),
] satisfies RouteConfig;
