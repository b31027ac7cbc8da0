import { formatCount } from "../../lib/format.ts";
import type { TokenPageData } from "./token-load.server.ts";

const figure = (value: number | null) => (value === null ? "–" : formatCount(value));

/** "{platform} tokens" (SPEC §2): what tokens are, the goals live now, and the week's goals. */
export function TokenPage({ data, platformName }: { data: TokenPageData; platformName: string }) {
  const { week } = data;
  const share = week.streams === 0 ? 0 : Math.round((100 * week.withGoal) / week.streams);
  return (
    <article className="tokens">
      <h1>{platformName} tokens</h1>
      <p className="tokens__lead">
        Tokens are {platformName}'s tipping currency: viewers buy them and tip performers in their rooms. Many
        performers set a goal in their room's subject ("goal: 500 tokens", "[120 tokens remaining]") and do
        something special once the room has tipped that much. Tips themselves are not public, but the goals
        are: this page reads them from the rooms' subjects.
      </p>

      <section aria-labelledby="tokens-live-title">
        <h2 id="tokens-live-title">Token goals live now</h2>
        {data.live === null ? (
          <p>The rooms online now are not known at the moment.</p>
        ) : data.live.length === 0 ? (
          <p>No room online now states a token goal.</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          <section className="tokens__scroll" tabIndex={0} aria-label="Token goals live now">
            <table className="tokens__table">
              <caption className="sr-only">Rooms online now with a token goal, biggest goal first</caption>
              <thead>
                <tr>
                  <th scope="col">Performer</th>
                  <th scope="col">Goal (tokens)</th>
                  <th scope="col">Remaining</th>
                  <th scope="col">Viewers</th>
                </tr>
              </thead>
              <tbody>
                {data.live.map((row) => (
                  <tr key={row.username}>
                    <td>
                      <a href={`/${encodeURIComponent(row.username)}`}>{row.username}</a>
                    </td>
                    <td className="num">{figure(row.goal)}</td>
                    <td className="num">{figure(row.remaining)}</td>
                    <td className="num">{figure(row.viewers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>

      <section aria-labelledby="tokens-week-title">
        <h2 id="tokens-week-title">Goals over the last 7 days</h2>
        <p>
          {formatCount(week.withGoal)} of {formatCount(week.streams)} streams ({share}%) set a token goal
          {week.median === null
            ? "."
            : `; the median goal stated was ${formatCount(week.median)} tokens (over ${formatCount(week.stated)} streams).`}
        </p>
        <table className="tokens__table tokens__table--sizes">
          <caption>Streams by the size of the goal they stated</caption>
          <thead>
            <tr>
              <th scope="col">Goal (tokens)</th>
              <th scope="col">Streams</th>
            </tr>
          </thead>
          <tbody>
            {week.distribution.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td className="num">{formatCount(row.streams)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>
  );
}
