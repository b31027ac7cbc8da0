import type { SiteSettings } from "../../site/site-settings.ts";
import { useInAppLinks } from "../lib/use-in-app-links.ts";
import { AccountMenu } from "./account-menu.tsx";
import { SearchBox } from "./search-box.tsx";
import { SiteLogo } from "./site-logo.tsx";
import { SocialLinks } from "./social-links.tsx";
import { TopNav } from "./top-nav.tsx";

/** The header of every page (SPEC §2): logo, search box, social links, account menu, navigation. */
export function SiteHeader({ site }: { site: SiteSettings | undefined }) {
  const inApp = useInAppLinks();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks are its links' own, navigated in place
    <header className="site-header" onClick={inApp}>
      <div className="site-header__bar">
        <SiteLogo />
        <SearchBox />
        <div className="site-header__end">
          {site && <SocialLinks social={site.social} />}
          {site?.accountsBeta && <AccountMenu feedbackEmail={site.feedbackEmail} />}
        </div>
      </div>
      <TopNav />
    </header>
  );
}
