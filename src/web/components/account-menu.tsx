import { AccountIcon } from "./icons.tsx";

/**
 * The account menu, shown only while ACCOUNTS_BETA is on (SPEC §2). Signed out it offers Sign In,
 * which opens the sign-in dialog; until accounts exist there is no dialog to open (`onSignIn`
 * unset), so the item says so instead of pretending. Settings, My Lists, Give feedback and Logout
 * arrive with accounts.
 */
export function AccountMenu({ onSignIn }: { onSignIn?: () => void }) {
  return (
    <details className="account-menu">
      <summary className="icon-link" aria-label="Account">
        <AccountIcon />
      </summary>
      <ul className="account-menu__items">
        <li>
          <button
            type="button"
            className="account-menu__item"
            onClick={onSignIn}
            disabled={!onSignIn}
            title={onSignIn ? undefined : "Sign-in opens with accounts"}
          >
            Sign In
          </button>
        </li>
      </ul>
    </details>
  );
}
