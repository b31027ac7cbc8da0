import type { HeadersFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf } from "../../lib/seo.ts";
import { loadModeration } from "./load.server.ts";
import { MODERATION_CACHE, type ModerationPageData } from "./page-data.ts";

/** Never cached, the 404 that others get included: the same address is a moderator's queue. */
export const headers: HeadersFunction = () => ({ "cache-control": MODERATION_CACHE });

export function loader({ request, context }: PageLoaderArgs) {
  return loadModeration(request, context);
}

export const meta: PageMetaFunction<typeof loader> = ({ error, matches }) => {
  if (error) return errorMeta(error);
  return pageMeta(siteOf(matches), {
    title: "Moderation",
    description: "Suggested tags, summaries and fan quotes waiting for review.",
    path: "/moderation",
    noindex: true,
  });
};

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

const KIND_LABEL = { tag: "Tag", summary: "Summary", quote: "Fan quote" } as const;

/**
 * /moderation (issue 30): the pending suggestions and fan quotes, oldest first. Plain forms post
 * to /moderation and come back to this page, so the queue works with or without scripts: tick
 * several and approve or reject them together, or decide one with its own buttons.
 */
export default function Moderation() {
  const data = useLoaderData<typeof loader>();
  return (
    <article className="page moderation-page">
      <h1>Moderation</h1>
      <p className="page__lead">
        {data.total === 0
          ? "Nothing is waiting for review."
          : `${data.total} waiting for review, oldest first${data.total > data.items.length ? ` (the first ${data.items.length} shown)` : ""}.`}{" "}
        An approval shows on the site within a minute.
      </p>
      {data.items.length > 0 && <Queue items={data.items} />}
      {data.recent.length > 0 && <Recent recent={data.recent} />}
    </article>
  );
}

function Queue({ items }: { items: ModerationPageData["items"] }) {
  return (
    <form method="post" action="/moderation" className="moderation-page__queue">
      <table>
        <thead>
          <tr>
            <th scope="col">Pick</th>
            <th scope="col">Kind</th>
            <th scope="col">Performer</th>
            <th scope="col">Text</th>
            <th scope="col">Sent by</th>
            <th scope="col">Times</th>
            <th scope="col">Decide</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const value = `${item.kind}:${item.id}`;
            return (
              <tr key={value}>
                <td>
                  <input
                    type="checkbox"
                    name="item"
                    value={value}
                    aria-label={`Pick ${KIND_LABEL[item.kind]} ${item.id}`}
                  />
                </td>
                <td>{KIND_LABEL[item.kind]}</td>
                <td>
                  <a href={`/${item.performer}`}>{item.performer}</a>
                </td>
                <td>{item.text}</td>
                <td>{item.sender}</td>
                <td>{item.times}</td>
                <td>
                  {/* A button's own name and value: this one item, whatever else is ticked. */}
                  <button type="submit" name="one" value={`approve ${value}`}>
                    Approve
                  </button>{" "}
                  <button type="submit" name="one" value={`reject ${value}`}>
                    Reject
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <button type="submit" name="action" value="approve">
          Approve the ticked
        </button>{" "}
        <button type="submit" name="action" value="reject">
          Reject the ticked
        </button>
      </p>
    </form>
  );
}

function Recent({ recent }: { recent: ModerationPageData["recent"] }) {
  return (
    <section className="moderation-page__recent">
      <h2>Your latest decisions</h2>
      <ul>
        {recent.map((d) => (
          <li key={`${d.kind}:${d.id}`}>
            <form method="post" action="/moderation">
              {d.action === "approve" ? "Approved" : d.action === "reject" ? "Rejected" : "Hidden"}{" "}
              {KIND_LABEL[d.kind].toLowerCase()} for {d.performer}: “{d.text}”{" "}
              <input type="hidden" name="item" value={`${d.kind}:${d.id}`} />
              <button type="submit" name="action" value="undo">
                Undo
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
