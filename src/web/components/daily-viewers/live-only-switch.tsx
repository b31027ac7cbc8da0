/**
 * The 'Live only' switch (SPEC §4). Before the scripts run it is a link to the same page with or
 * without ?live, which the server filters by; once they run it is a switch that filters in place.
 */
export function LiveOnlySwitch({
  on,
  hydrated,
  href,
  onToggle,
}: {
  on: boolean;
  hydrated: boolean;
  /** The same page with 'Live only' the other way round. */
  href: string;
  onToggle: () => void;
}) {
  const content = (
    <>
      <span className="live-switch__track" aria-hidden="true">
        <span className="live-switch__thumb" />
      </span>
      Live only
    </>
  );
  if (!hydrated) {
    return (
      <a className="live-switch" href={href} role="switch" aria-checked={on}>
        {content}
      </a>
    );
  }
  return (
    <button className="live-switch" type="button" role="switch" aria-checked={on} onClick={onToggle}>
      {content}
    </button>
  );
}
