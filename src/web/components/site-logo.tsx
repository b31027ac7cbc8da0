import { SITE_NAME } from "../../site/site-settings.ts";
import { LogoMark } from "./icons.tsx";

/** The logo, linking home; navigated in place by the header's click handler (useInAppLinks). */
export function SiteLogo() {
  return (
    <a className="site-logo" aria-label={`${SITE_NAME} home`} href="/">
      <LogoMark />
      <span className="site-logo__name">{SITE_NAME}</span>
    </a>
  );
}
