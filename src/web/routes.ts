import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page, explicitly (no file-system routing): the SPEC's route table (§2) reads straight
 * across to this list as the pages arrive.
 */
export default [
  // The live-room pages: one route module per kind of list, shared by the addresses of that kind.
  index("routes/home.tsx"),
  route("tag/:tags", "routes/tag.tsx", { id: "tag" }),
  route("tag/:tags/*", "routes/tag.tsx", { id: "tag-more" }),
  route("female-cams", "routes/gender-cams.tsx", { id: "female-cams" }),
  route("male-cams", "routes/gender-cams.tsx", { id: "male-cams" }),
  route("teen-cams", "routes/age-cams.tsx", { id: "teen-cams" }),
  route("18to21-cams", "routes/age-cams.tsx", { id: "18to21-cams" }),
  route("20to30-cams", "routes/age-cams.tsx", { id: "20to30-cams" }),
  route("30to50-cams", "routes/age-cams.tsx", { id: "30to50-cams" }),
  route("mature-cams", "routes/age-cams.tsx", { id: "mature-cams" }),
  route("go/:user", "routes/go.tsx"),
  // The feed's HD rooms (its one quality flag): /4k is the same list, canonical to /1080p.
  route("1080p", "routes/hd-cams.tsx", { id: "hd-1080p" }),
  route("4k", "routes/hd-cams.tsx", { id: "hd-4k" }),
  route("about", "pages/about/route.tsx", { id: "routes/about" }),
  route("moderation", "pages/moderation/route.tsx", { id: "moderation" }),
  // The tag explorer (SPEC §1): every tag, and one tag's page. /tag/{tags} (the live rooms) is another page.
  route("tags", "routes/tags.tsx"),
  route("tags/:tag", "routes/tags-tag.tsx"),
  // Pages SPEC §2 knows by name only: live stats, camera trends, the world location explorer.
  route("live-stats", "routes/live-stats.tsx"),
  route("camera-trends", "routes/camera-trends.tsx"),
  route("world-locations", "routes/world-locations.tsx"),
  // The account pages (SPEC §2): never cached, nothing personal rendered on the server.
  route("settings", "routes/settings.tsx"),
  route("logout", "routes/logout.tsx"),
  route("privacy", "pages/privacy/route.tsx", { id: "routes/privacy" }),
  // Model lists (SPEC §2): /lists with its tabs (?tab=1 is My Lists, which /mylists opens), the
  // import (a static segment, above the list ids), and a list's own page.
  route("lists", "routes/lists.tsx"),
  route("mylists", "routes/mylists.tsx"),
  route("lists/import", "routes/list-import.tsx"),
  route("lists/:listId", "routes/list.tsx"),
  // The daily viewer ranking in all its forms (/top/viewers[/{gender}][/{tag}][/{date}]); the
  // module reads the segments itself, since a tag and a date share places (SPEC §2, §5).
  route("top/viewers/*", "routes/top-viewers.tsx"),
  // The tag ranking overview (/top, /top/{tagOrGender}, /top/{tag}/{gender}): one module, three
  // routes. The rankings' static first segments (/top/viewers…) rank above these dynamic ones.
  route("top", "routes/tag-overview.tsx", { id: "tag-overview" }),
  route("top/:first", "routes/tag-overview.tsx", { id: "tag-overview-first" }),
  route("top/:first/:second", "routes/tag-overview.tsx", { id: "tag-overview-second" }),
  // The ranked lists, each family one module reading its own segments (a tag, a gender, an order
  // and a date share places: src/site/urls/ranked-lists.ts). A splat also matches the bare path.
  route("top/followers/*", "routes/top-followers.tsx"),
  route("top/growing/*", "routes/top-growing.tsx"),
  route("top/performers/*", "routes/top-performers.tsx"),
  route("top/2021/*", "routes/top-2021.tsx"),
  route("top/supporters/*", "routes/top-supporters.tsx"),
  // A performer's summaries. The wrapped page's first segment is `{PLATFORM_SLUG}_wrapped`, which is
  // configuration, so it is dynamic here and the loader answers 404 for any other first segment;
  // every static first segment ranks above it.
  route(":wrapped/:performerName", "routes/wrapped.tsx"),
  route("monthly_summary/:performerName", "routes/monthly-summary.tsx"),
  // Celebrations and performer badges, both from /api/celebrations.json.
  route("celebrations", "routes/celebrations.tsx"),
  route("performerbadges", "routes/performer-badges.tsx"),
  // The further pages (SPEC §2): the tag's page of the day, the milestone race, brand assets.
  route("popular/:tag", "routes/popular.tsx", { id: "popular" }),
  route("popular/:tag/:date", "routes/popular.tsx", { id: "popular-dated" }),
  route("race", "routes/race.tsx", { id: "race" }),
  route("race/:gender", "routes/race.tsx", { id: "race-gender" }),
  route("logos", "pages/logos/route.tsx", { id: "routes/logos" }),
  // The search (SPEC §2): /search[/{gender}[/{tag}]] and /schedule, one module reading the segments.
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:gender", "routes/search.tsx", { id: "search-gender" }),
  route("search/:gender/:tag", "routes/search.tsx", { id: "search-gender-tag" }),
  route("schedule", "routes/search.tsx", { id: "schedule" }),
  // Traffic (/traffic, /traffic/{date}, /traffic/{startDate}/{tag}): the published files, then a
  // day's or a tag's hours from the database; static first segments outrank /:performerName.
  route("traffic", "routes/traffic.tsx"),
  route("traffic/:date", "routes/traffic-day.tsx"),
  route("traffic/:startDate/:tag", "routes/traffic-tag.tsx"),
  // The country map (/map[/{gender}], page-level gender words) and a country's rankings
  // (/location/{locationName}[/{gender}], ranking gender words).
  route("map", "routes/map.tsx", { id: "map" }),
  route("map/:gender", "routes/map.tsx", { id: "map-gender" }),
  route("location/:location", "routes/location.tsx", { id: "location" }),
  route("location/:location/:gender", "routes/location.tsx", { id: "location-gender" }),
  // The name picker (SPEC §2, issue 20): /namepicker[/{name}], one module; ?words= for suggestions.
  route("namepicker", "routes/namepicker.tsx", { id: "namepicker" }),
  route("namepicker/:name", "routes/namepicker.tsx", { id: "namepicker-name" }),
  // Compare performers (issue 20): /compare?performers=a,b&days=30, for signed-in visitors.
  route("compare", "routes/compare.tsx"),
  // The social media editor and its buttons alone (SPEC §2, issue 20): one module for both tools.
  route("socialmedia", "routes/socialmedia.tsx", { id: "socialmedia" }),
  route("socialmedia/:user", "routes/socialmedia.tsx", { id: "socialmedia-user" }),
  route("socialmedia/:user/:trophy", "routes/socialmedia.tsx", { id: "socialmedia-trophy" }),
  route("social-media-buttons", "routes/socialmedia.tsx", { id: "social-media-buttons" }),
  route("social-media-buttons/:user", "routes/socialmedia.tsx", { id: "social-media-buttons-user" }),
  // The resources page (SPEC §2): content files rendered on the server.
  route("resources", "pages/resources/route.tsx", { id: "routes/resources" }),
  // The bingo card creator (SPEC §2, issue 20); its PNGs (/bingo-card-creator/card.png) are Fastify's.
  route("bingo-card-creator", "routes/bingo-card-creator.tsx"),
  // The tip menu search (SPEC §2, issue 20): /tipmenu[/{searchTerm}/{gender}], one module; ?min= ?max=;
  // /tipmenu/{searchTerm} alone moves to its /all.
  route("tipmenu", "routes/tipmenu.tsx", { id: "tipmenu" }),
  route("tipmenu/:term", "routes/tipmenu.tsx", { id: "tipmenu-term" }),
  route("tipmenu/:term/:gender", "routes/tipmenu.tsx", { id: "tipmenu-search" }),
  // The blog (SPEC §2 /blog[/{title}]): content files and the monthly data reports; the Atom feed,
  // /blog/feed.xml, is a server route (src/server/routes/blog-feed.ts) registered before the pages.
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  // The performer pages: /model/{user} (the performer page, canonical /{user}) and
  // /schedule/{user}; then every other single segment, /{performerName}, which also answers the
  // token page /{PLATFORM_SLUG}-tokens (the slug is configuration). Static segments outrank it.
  // A performer's own account pages (issue 19): never cached, filled in the browser.
  route("claim/:user", "routes/claim.tsx"),
  // The claim schedule page (SPEC §2 names it): the verified performer's schedule editor alone.
  route("claim/:user/schedule", "routes/claim-schedule.tsx"),
  route("optout/:user", "routes/optout.tsx"),
  route("model/:user", "routes/model.tsx"),
  route("schedule/:user", "routes/schedule.tsx"),
  route(":performerName", "routes/performer.tsx"),
  // Last resort: any other address is the 404 page (routes/not-found.tsx).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
