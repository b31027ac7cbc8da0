import { estimateText } from "../../../rules/formulas/milestone-race.ts";
import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import { GenderTabs } from "../../components/daily-viewers/gender-tabs.tsx";
import { formatCount } from "../../lib/format.ts";
import type { RaceData } from "./page-data.ts";

const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 });

/** Whom the race is among: "the 500 most followed Female models" (the day's list, as long as it is). */
function fieldOf(data: RaceData): string {
  const size = data.field > 0 ? `${formatCount(data.field)} ` : "";
  const who = data.gender === "all" ? "" : `${GENDER_LABELS[data.gender]} `;
  return `the ${size}most followed ${who}models`;
}

/**
 * The race (SPEC §2 names /race only): who reaches the next follower milestone first at the past
 * week's pace. Gender tabs are links; each runner shows the numbers in text and a CSS bar from
 * the milestone passed last to the next, so the page reads whole without scripts or styles.
 */
export function RacePage({ data, platformName }: { data: RaceData; platformName: string }) {
  return (
    <article className="race">
      <header>
        <h1 className="race__title">The race to the next follower milestone</h1>
        <p className="race__lead">
          Who among {fieldOf(data)} on {platformName} reaches their next follower milestone first, if they
          keep the pace of the past week. Followers as of <time dateTime={data.day}>{data.day}</time>.
        </p>
      </header>

      <GenderTabs current={data.gender} tabs={data.genderPaths} />

      <section aria-labelledby="race-runners">
        <h2 id="race-runners" className="race__heading">
          Closest finishes
        </h2>
        {data.runners.length === 0 ? (
          <p className="race__empty">
            Nobody in this list gained followers this week, so there is no race yet.
          </p>
        ) : (
          <ol className="race__runners">
            {data.runners.map((runner, i) => (
              <li key={runner.u} id={runner.u} className="race__runner">
                <div className="race__line">
                  <span className="race__place">{i + 1}</span>
                  <a className="race__name" href={`/${encodeURIComponent(runner.u)}`}>
                    {runner.u}
                  </a>
                  <span className="race__estimate">{estimateText(runner.days)}</span>
                </div>
                <div className="race__bar" aria-hidden="true">
                  <span className="race__fill" style={{ width: `${(runner.progress * 100).toFixed(1)}%` }} />
                </div>
                <p className="race__figures">
                  {formatCount(runner.followers)} of {formatCount(runner.nextMilestone)} followers (
                  {percent.format(runner.progress)} of the way from {formatCount(runner.previousMilestone)}
                  ), {formatCount(runner.needed)} to go at +{formatCount(runner.weeklyGain)} a week
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="race-finishers">
        <h2 id="race-finishers" className="race__heading">
          Recent finishers
        </h2>
        {data.finishers === null || data.finishers.length === 0 ? (
          <p className="race__empty">No follower milestone has been reached in the last 7 days.</p>
        ) : (
          <>
            <p className="race__lead">
              Follower milestones reached from {data.finishersFrom} to the latest day, every gender.
            </p>
            <ul className="race__finishers">
              {data.finishers.map((f) => (
                <li key={`${f.day}-${f.username}-${f.milestone}`}>
                  <time dateTime={f.day}>{f.day}</time>{" "}
                  <a href={`/${encodeURIComponent(f.username)}`}>{f.username}</a> reached{" "}
                  {formatCount(f.milestone)} followers
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="race-how" className="race__about">
        <h2 id="race-how" className="race__heading">
          How the race is run
        </h2>
        <p>
          Milestones are 1,000, 2,000, 5,000, 10,000, 20,000, 50,000, 100,000, 200,000, 500,000 and 1,000,000
          followers. For everyone who gained followers in the past week, the estimate is the followers still
          needed divided by the week's gain per day (the week's gain ÷ 7). The closest finishes come first.
          The list updates once a day after midnight GMT, with the{" "}
          <a href={data.gender === "all" ? "/top/followers" : `/top/followers/${data.gender}`}>
            most followed
          </a>{" "}
          list it is drawn from; see also the <a href="/top/growing">Rising Stars</a>.
        </p>
      </section>
    </article>
  );
}
