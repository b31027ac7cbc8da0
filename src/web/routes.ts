import { type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page, explicitly (no file-system routing): the SPEC's route table (§2) reads straight
 * across to this list as the pages arrive.
 */
export default [
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // Last resort: any other address is the 404 page (routes/not-found.tsx).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
