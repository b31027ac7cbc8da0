import { formatCount } from "../../lib/format.ts";
import type { PerformerView, TrophyView } from "./page-data.ts";

/**
 * The trophies, earned or not: an earned one is a box to tick, one not earned is shown greyed with
 * its rule and cannot be ticked (the server ignores it too).
 */
export function TrophyPicker({
  performer,
  trophies,
  asked,
  picked,
  onChange,
}: {
  performer: PerformerView;
  trophies: TrophyView[];
  asked: { slug: string; name: string; earned: boolean } | null;
  picked: string[];
  onChange: (picked: string[]) => void;
}) {
  const earned = trophies.filter((t) => t.earned).length;
  const toggle = (slug: string, on: boolean) =>
    onChange(trophies.filter((t) => (t.slug === slug ? on : picked.includes(t.slug))).map((t) => t.slug));
  return (
    <fieldset className="socialmedia__fieldset">
      <legend>Trophies</legend>
      <p>
        {earned === 0
          ? `${performer.username} has not earned a trophy yet.`
          : `${performer.username} earned ${earned} of ${trophies.length} trophies`}
        {performer.bestRank !== null &&
          ` · best daily rank #${formatCount(performer.bestRank.rank)} on ${performer.bestRank.day}`}
        {performer.peakViewers !== null &&
          ` · peak of ${formatCount(performer.peakViewers.viewers)} viewers on ${performer.peakViewers.day}`}
        {earned === 0 ? "" : "."}
      </p>
      {asked !== null && !asked.earned && (
        <p className="account-message account-message--problem" role="alert">
          {performer.username} has not earned {asked.name} yet, so it cannot be picked.
        </p>
      )}
      <ul className="socialmedia__trophies">
        {trophies.map((t) => {
          const id = `trophy-${t.slug}`;
          return (
            <li
              key={t.slug}
              className={`socialmedia__trophy${t.earned ? "" : " socialmedia__trophy--locked"}`}
              data-trophy={t.slug}
            >
              <input
                id={id}
                type="checkbox"
                name="trophy"
                value={t.slug}
                checked={t.earned && picked.includes(t.slug)}
                disabled={!t.earned}
                onChange={(event) => toggle(t.slug, event.currentTarget.checked)}
              />
              <label htmlFor={id}>
                <img src={t.image.svg} alt="" width={64} height={64} />
                <span className="socialmedia__trophy-name">{t.name}</span>
                <span className="socialmedia__trophy-rule">
                  {t.rule}
                  {t.earned ? "" : " · not earned yet"}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
