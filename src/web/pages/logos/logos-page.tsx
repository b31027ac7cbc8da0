import { BRAND_COLOURS, LOGO_FILES, LOGOS_PATH, logoSvg } from "../../../site/brand.ts";
import { SITE_NAME } from "../../../site/site-settings.ts";
import type { LogosData } from "./load.server.ts";

/**
 * /logos: the logo in its four forms, drawn inline from the same SVG the download links serve;
 * the brand colours with their hex values; how to use them; and the rankings' cover images.
 */
export function LogosPage({ data, platformName }: { data: LogosData; platformName: string }) {
  return (
    <article className="logos">
      <h1 className="logos__title">Logos and brand assets</h1>
      <p className="logos__lead">
        The {SITE_NAME} logo, colours and ranking covers, free to use when you write about or link to the
        site.
      </p>

      <section aria-labelledby="logos-logo">
        <h2 id="logos-logo">The logo</h2>
        <ul className="logos__grid">
          {LOGO_FILES.map((logo) => (
            <li key={logo.file} className="logos__item">
              <div
                className={`logos__stage logos__stage--${logo.theme} logos__stage--${logo.form}`}
                // Our own constant SVG (src/site/brand.ts), the file's exact content.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not input
                dangerouslySetInnerHTML={{ __html: logoSvg(logo.form, logo.theme) }}
              />
              <p className="logos__caption">{logo.label}</p>
              <a href={`${LOGOS_PATH}/${logo.file}`} download={logo.file}>
                Download {logo.file} (SVG)
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="logos-colours">
        <h2 id="logos-colours">Colours</h2>
        <table className="logos__colours">
          <caption className="sr-only">Brand colours</caption>
          <thead>
            <tr>
              <th scope="col">Colour</th>
              <th scope="col">Hex</th>
              <th scope="col">Name</th>
              <th scope="col">Use</th>
            </tr>
          </thead>
          <tbody>
            {BRAND_COLOURS.map((c) => (
              <tr key={c.variable}>
                <td>
                  <span className="logos__swatch" style={{ background: c.hex }} aria-hidden="true" />
                </td>
                <td>
                  <code>{c.hex}</code>
                </td>
                <td>
                  <code>{c.variable}</code>
                </td>
                <td>{c.use}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="logos-usage" className="logos__usage">
        <h2 id="logos-usage">Using them</h2>
        <ul>
          <li>Use the light forms on white or light backgrounds and the dark forms on dark ones.</li>
          <li>
            Keep clear space around the logo of at least a quarter of its height; do not stretch, recolour or
            rotate it.
          </li>
          <li>
            The square icon is for small places (avatars, favicons, app tiles); use the full logo wherever the
            name fits.
          </li>
          <li>
            The logo is {SITE_NAME}'s: {SITE_NAME} is an independent statistics site, not {platformName}, and
            the logo does not stand for {platformName}.
          </li>
          <li>Link to the site when you use them.</li>
        </ul>
      </section>

      <section aria-labelledby="logos-covers">
        <h2 id="logos-covers">Ranking covers</h2>
        <p className="logos__lead">
          The banners of the ranking pages, one per gender and per tag, drawn by our server.
        </p>
        <ul className="logos__covers">
          {data.covers.map((cover) => (
            <li key={cover.path}>
              <a href={cover.path}>
                <img
                  src={cover.path}
                  alt={`Cover of the ${cover.label} ranking`}
                  width="1200"
                  height="300"
                  loading="lazy"
                />
              </a>
              <p className="logos__caption">{cover.label}</p>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
