/** A link of the shell: where it goes and what it reads. */
export interface NavLink {
  to: string;
  label: string;
}

/** The top navigation, in the SPEC's order and with its labels (SPEC §2 Navigation). */
export const TOP_NAV: readonly NavLink[] = [
  { to: "/search", label: "Search" },
  { to: "/lists", label: "Lists" },
  { to: "/top/viewers", label: "Top 100" },
  { to: "/top/followers", label: "Most followed" },
  { to: "/top/growing", label: "Rising Stars" },
  { to: "/top/performers", label: "Top Monthly" },
  { to: "/top", label: "Top Overall" },
  { to: "/traffic", label: "Traffic" },
  { to: "/map", label: "Map" },
  { to: "/blog", label: "Blog" },
];

export interface FooterSection {
  title: string;
  links: readonly NavLink[];
}

/**
 * Every footer link of SPEC §2, grouped so the footer reads as columns. The SPEC gives the paths
 * only; the labels follow the top navigation's where the page is the same.
 */
export const FOOTER_SECTIONS: readonly FooterSection[] = [
  {
    title: "Rankings",
    links: [
      { to: "/top", label: "Top Overall" },
      { to: "/top/performers", label: "Top Monthly" },
      { to: "/top/viewers/all", label: "Top 100" },
      { to: "/top/viewers/couples", label: "Top 100 Couples" },
      { to: "/top/viewers/women", label: "Top 100 Female" },
      { to: "/top/viewers/men", label: "Top 100 Male" },
      { to: "/top/viewers/trans", label: "Top 100 Trans" },
      { to: "/top/followers", label: "Most followed" },
      { to: "/top/growing", label: "Rising Stars" },
    ],
  },
  {
    title: "Explore",
    links: [
      { to: "/map", label: "Map" },
      { to: "/world-locations", label: "World location explorer" },
      { to: "/lists", label: "Lists" },
      { to: "/traffic", label: "Traffic" },
      // Beyond SPEC §2's footer list: pages SPEC §1 and §2 name, where a visitor looks for them.
      { to: "/live-stats", label: "Live stats" },
      { to: "/camera-trends", label: "Camera trends" },
      { to: "/tags", label: "Tag explorer" },
      { to: "/tag/bigboobs", label: "#bigboobs" },
      { to: "/tag/asian", label: "#asian" },
      { to: "/tag/latina", label: "#latina" },
    ],
  },
  {
    title: "By age",
    links: [
      { to: "/teen-cams", label: "Teen (18+)" },
      { to: "/18to21-cams", label: "18 to 21" },
      { to: "/20to30-cams", label: "20 to 30" },
      { to: "/30to50-cams", label: "30 to 50" },
      { to: "/mature-cams", label: "Mature" },
    ],
  },
  {
    title: "Tools",
    links: [
      { to: "/resources", label: "Resources" },
      { to: "/namepicker", label: "Name picker" },
      { to: "/socialmedia", label: "Social media profile" },
      { to: "/tipmenu", label: "Tip menu search" },
      { to: "/bingo-card-creator", label: "Bingo card creator" },
    ],
  },
  {
    title: "About",
    links: [
      { to: "/about", label: "About" },
      { to: "/privacy", label: "Privacy" },
    ],
  },
];
