import { Link } from "react-router";
import { formatCount } from "../../lib/format.ts";
import type { ResourceFigures, ResourcesData } from "./resources-data.ts";

/**
 * /resources: the content files' sections in order, each the server's rendering of our own
 * Markdown (src/site/markdown.ts: no HTML of its own passes, links only http(s) or ours), and
 * the live figures after the section that asks for them.
 */
export function ResourcesPage({ data, platform }: { data: ResourcesData; platform: string }) {
  return (
    <article className="page resources">
      <h1>Resources</h1>
      <p className="page__lead">
        For performers and fans of {platform}: how our rankings work, what our figures say about the busiest
        hours and tags, safety and privacy, and the free tools.
      </p>
      <nav aria-label="On this page">
        <ul className="resources__contents">
          {data.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {data.sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="resources__section">
          <h2 id={`${s.id}-heading`}>{s.title}</h2>
          {/* Our own content files, rendered with raw HTML off (src/site/markdown.ts). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the renderer lets no HTML of the text through */}
          <div className="resources__prose" dangerouslySetInnerHTML={{ __html: s.html }} />
          {s.figures && <Figures figures={data.figures} />}
        </section>
      ))}
    </article>
  );
}

function Figures({ figures }: { figures: ResourceFigures }) {
  return (
    <div className="resources__figures">
      <h3>The busiest hours</h3>
      {figures.busiest === null ? (
        <p>The first traffic figures are on their way: they are worked out once a day.</p>
      ) : (
        <>
          <p>Average viewers in every room together, over the 7 days to {figures.trafficAsOf}:</p>
          <ol>
            {figures.busiest.map((h) => (
              <li key={h.span}>
                {h.span}: {formatCount(h.viewers)} viewers in {formatCount(h.rooms)} rooms
              </li>
            ))}
          </ol>
        </>
      )}
      {figures.leastCrowded !== null && (
        <>
          <h3>The most viewers for each room</h3>
          <ol>
            {figures.leastCrowded.map((h) => (
              <li key={h.span}>
                {h.span}: {h.viewersPerRoom.toLocaleString("en")} viewers for each room online
              </li>
            ))}
          </ol>
        </>
      )}
      <h3>The most used tags</h3>
      {figures.tags === null ? (
        <p>The first tag figures are on their way: they are worked out once a day.</p>
      ) : (
        <>
          <p>Tags by the performers who used them in the last 30 days:</p>
          <ol className="resources__tags">
            {figures.tags.map((t) => (
              <li key={t.tag}>
                {t.path === null ? `#${t.tag}` : <Link to={t.path}>#{t.tag}</Link>}:{" "}
                {formatCount(t.performers)} performers
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
