import { type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page, explicitly (no file-system routing): the SPEC's route table (§2) reads straight
 * across to this list as the pages arrive.
 */
export default [
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // The daily viewer ranking in all its forms (/top/viewers[/{gender}][/{tag}][/{date}]); the
  // module reads the segments itself, since a tag and a date share places (SPEC §2, §5).
  route("top/viewers/*", "routes/top-viewers.tsx"),
  // Last resort: any other address is the 404 page (routes/not-found.tsx).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
