import type { SiteSettings } from "../../site/site-settings.ts";
import { NewsletterIcon, XIcon } from "./icons.tsx";

/** The header's social links (SOCIAL_TWITTER_URL, SOCIAL_NEWSLETTER_URL); each unset one is left out. */
export function SocialLinks({ social }: { social: SiteSettings["social"] }) {
  if (!social.twitter && !social.newsletter) return null;
  return (
    <ul className="social-links">
      {social.twitter && (
        <li>
          <a
            className="icon-link"
            href={social.twitter}
            rel="noopener me"
            aria-label="Follow us on X (Twitter)"
          >
            <XIcon />
          </a>
        </li>
      )}
      {social.newsletter && (
        <li>
          <a className="icon-link" href={social.newsletter} rel="noopener" aria-label="Our newsletter">
            <NewsletterIcon />
          </a>
        </li>
      )}
    </ul>
  );
}
