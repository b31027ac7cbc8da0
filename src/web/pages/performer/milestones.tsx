import { figure } from "./format.ts";
import type { MilestoneProgress } from "./milestones-parts.ts";

/** Viewer milestones (SPEC §9, 1000 to 1,000,000): those reached and when first, and the next. */
export function Milestones({ progress, peak }: { progress: MilestoneProgress; peak: number | null }) {
  return (
    <section className="performer__section" aria-labelledby="milestones-title">
      <h2 id="milestones-title">Viewer milestones</h2>
      {progress.reached.length === 0 ? (
        <p>No viewer milestone reached yet.</p>
      ) : (
        <ul className="milestones">
          {progress.reached.map((m) => (
            <li key={m.milestone}>
              <strong>{figure(m.milestone)} viewers</strong>
              {m.day && (
                <>
                  {" "}
                  first on <time dateTime={m.day}>{m.day}</time>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="milestones__next">
        {progress.next === null
          ? "Every milestone reached."
          : `Next milestone: ${figure(progress.next)} viewers${peak === null ? "" : ` (peak so far ${figure(peak)})`}.`}
      </p>
    </section>
  );
}
