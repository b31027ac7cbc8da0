import { Link } from "react-router";
import { FOOTER_SECTIONS } from "../lib/navigation.ts";
import { SITE_NAME } from "../lib/site.ts";

export function SiteFooter({ platformName }: { platformName: string | undefined }) {
  return (
    <footer className="site-footer">
      <nav className="site-footer__sections" aria-label="Site">
        {FOOTER_SECTIONS.map((section) => (
          <section key={section.title} className="site-footer__section">
            <h2 className="site-footer__title">{section.title}</h2>
            <ul className="site-footer__links">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <p className="site-footer__note">
        {SITE_NAME} publishes statistics{platformName ? ` about ${platformName} performers` : ""} from the
        platform's public data. Rankings update once a day after midnight UTC. Not affiliated with
        {platformName ? ` ${platformName}` : " the platform"}.
      </p>
    </footer>
  );
}
