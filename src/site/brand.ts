import { SITE_NAME } from "./site-settings.ts";

/**
 * The site's brand assets (/logos): its colours, as src/web/styles/base.css declares them (a test
 * holds the two together), and its logo as SVG in every form. The logo is the header's
 * (src/web/components/icons.tsx LogoMark beside the name): a rounded square of the brand colour
 * with three rising bars. The same strings are drawn inline on /logos and served as files under
 * /images/logos/ (src/server/routes/logo-images.ts), so what is shown is what is downloaded.
 */

export interface BrandColour {
  /** The CSS custom property in base.css. */
  variable: string;
  hex: string;
  use: string;
}

export const BRAND_COLOURS: readonly BrandColour[] = [
  { variable: "--brand", hex: "#b4235a", use: "The brand colour: the logo's square, links and buttons" },
  { variable: "--brand-strong", hex: "#8f1a47", use: "Links and buttons on hover, text on brand-soft" },
  { variable: "--brand-soft", hex: "#fbe9f0", use: "Highlighted rows and soft backgrounds" },
  { variable: "--ink", hex: "#1d1b22", use: "Text, and the logo's name on light backgrounds" },
  { variable: "--ink-muted", hex: "#5a5766", use: "Secondary text" },
  { variable: "--paper", hex: "#ffffff", use: "The page" },
  { variable: "--paper-alt", hex: "#f5f4f7", use: "Panels and stripes" },
  { variable: "--line", hex: "#e2e0e7", use: "Rules and borders" },
  { variable: "--night", hex: "#17151c", use: "Dark backgrounds: the footer" },
  { variable: "--night-ink", hex: "#ecebf0", use: "Text on night, and the logo's name on dark backgrounds" },
  { variable: "--night-muted", hex: "#a9a5b5", use: "Secondary text on night" },
];

const hex = (variable: string) => BRAND_COLOURS.find((c) => c.variable === variable)?.hex ?? "#000000";

export type LogoForm = "logo" | "icon";
export type LogoTheme = "light" | "dark";

export interface LogoFile {
  form: LogoForm;
  theme: LogoTheme;
  /** The file's name under /images/logos/. */
  file: string;
  label: string;
}

export const LOGO_FILES: readonly LogoFile[] = [
  {
    form: "logo",
    theme: "light",
    file: `${SITE_NAME}-logo-light.svg`,
    label: "Full logo, for light backgrounds",
  },
  {
    form: "logo",
    theme: "dark",
    file: `${SITE_NAME}-logo-dark.svg`,
    label: "Full logo, for dark backgrounds",
  },
  {
    form: "icon",
    theme: "light",
    file: `${SITE_NAME}-icon-light.svg`,
    label: "Square icon, for light backgrounds",
  },
  {
    form: "icon",
    theme: "dark",
    file: `${SITE_NAME}-icon-dark.svg`,
    label: "Square icon, for dark backgrounds",
  },
];

export const LOGOS_PATH = "/images/logos";

/** The mark: on light, the brand square with white bars; on dark, a light square with brand bars. */
function mark(theme: LogoTheme, x: number, y: number, scale: number): string {
  const square = theme === "light" ? hex("--brand") : hex("--night-ink");
  const bars = theme === "light" ? "#ffffff" : hex("--brand");
  const at = (v: number) => Number((v * scale).toFixed(2));
  return [
    `<rect x="${x}" y="${y}" width="${at(28)}" height="${at(28)}" rx="${at(7)}" fill="${square}"/>`,
    `<rect x="${x + at(6)}" y="${y + at(15)}" width="${at(4)}" height="${at(7)}" rx="${at(1)}" fill="${bars}"/>`,
    `<rect x="${x + at(12)}" y="${y + at(10)}" width="${at(4)}" height="${at(12)}" rx="${at(1)}" fill="${bars}"/>`,
    `<rect x="${x + at(18)}" y="${y + at(5)}" width="${at(4)}" height="${at(17)}" rx="${at(1)}" fill="${bars}"/>`,
  ].join("");
}

/** One form of the logo as a standalone SVG document, transparent around the mark and name. */
export function logoSvg(form: LogoForm, theme: LogoTheme): string {
  const title = form === "logo" ? `${SITE_NAME} logo` : `${SITE_NAME} icon`;
  if (form === "icon") {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${title}"><title>${title}</title>${mark(theme, 0, 0, 256 / 28)}</svg>\n`;
  }
  const ink = theme === "light" ? hex("--ink") : hex("--night-ink");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="80" viewBox="0 0 180 40" role="img" aria-label="${title}"><title>${title}</title>${mark(theme, 6, 6, 1)}<text x="44" y="27.5" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" letter-spacing="-0.2" fill="${ink}">${SITE_NAME}</text></svg>\n`;
}
