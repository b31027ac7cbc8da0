import { SITE_NAME } from "../../site/site-settings.ts";
import { FOOTER_SECTIONS } from "../lib/navigation.ts";
import { useInAppLinks } from "../lib/use-in-app-links.ts";

export function SiteFooter({
  platformName,
  partnerSites,
}: {
  platformName: string | undefined;
  partnerSites: readonly { name: string; url: string }[];
}) {
  const inApp = useInAppLinks();
  return (
    <footer className="site-footer">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its links' own (Enter on a link clicks it) */}
      <nav className="site-footer__sections" aria-label="Site" onClick={inApp}>
        {FOOTER_SECTIONS.map((section) => (
          <section key={section.title} className="site-footer__section">
            <h2 className="site-footer__title">{section.title}</h2>
            <ul className="site-footer__links">
              {section.links.map((link) => (
                <li key={link.to}>
                  <a href={link.to}>{link.label}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      {partnerSites.length > 0 && (
        <nav className="site-footer__partners" aria-label="Partner sites">
          <h2 className="site-footer__title">Partner sites for other platforms</h2>
          <ul className="site-footer__partner-links">
            {partnerSites.map((site) => (
              <li key={site.url}>
                <a href={site.url} rel="noopener">
                  {site.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="site-footer__note">
        {SITE_NAME} publishes statistics{platformName ? ` about ${platformName} performers` : ""} from the
        platform's public data. Rankings update once a day after midnight UTC. Not affiliated with
        {platformName ? ` ${platformName}` : " the platform"}.
      </p>
    </footer>
  );
}
