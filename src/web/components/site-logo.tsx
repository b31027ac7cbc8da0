import { Link } from "react-router";
import { SITE_NAME } from "../lib/site.ts";
import { LogoMark } from "./icons.tsx";

export function SiteLogo() {
  return (
    <Link to="/" className="site-logo" aria-label={`${SITE_NAME} home`}>
      <LogoMark />
      <span className="site-logo__name">{SITE_NAME}</span>
    </Link>
  );
}
