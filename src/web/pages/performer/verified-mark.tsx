/**
 * The verified mark by a performer's name: the account that edits this profile proved it is the
 * performer's (decision 0021). Visible words, so its name needs no aria trick; the icon is decoration.
 */
export function VerifiedMark({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <p className="verified-mark" title="This performer proved that their profile here is theirs">
      <svg className="verified-mark__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M4.5 8.2 7 10.6l4.6-5" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      Verified performer
    </p>
  );
}
