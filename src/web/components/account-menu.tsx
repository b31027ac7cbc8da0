import { type MouseEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useLoginStatus } from "../lib/account/login-status.tsx";
import { loadSignInForms, SignInDialog } from "./account/sign-in-dialog.tsx";
import { AccountIcon } from "./icons.tsx";

/** SPEC §2: the My Lists view is /lists with tab index 1. */
export const MY_LISTS_PATH = "/lists?tab=1";

/**
 * The account menu, shown only while ACCOUNTS_BETA is on (SPEC §2). Signed out it offers Sign In,
 * a link to /settings (its inline form works before scripts run) that opens the sign-in dialog
 * once they do. Signed in: Settings, My Lists, Give feedback and Logout. While the status is
 * unknown (the server's render, and the moment before the browser knows), only the neutral
 * account page is offered, so that no wrong choice shows and then changes.
 */
export function AccountMenu({ feedbackEmail }: { feedbackEmail: string }) {
  const { status, user } = useLoginStatus();
  const menu = useRef<HTMLDetailsElement>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const navigate = useNavigate();
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // The menu stays open behind the dialog, so that closing the dialog gives the focus back to
    // Sign In (the browser returns it to what had it, which must still be shown).
    event.preventDefault();
    setDialogOpen(true);
  };
  return (
    <>
      <details
        className="account-menu"
        ref={menu}
        // Signed out, the menu's one action is Sign In: its forms' code is fetched as it opens.
        onToggle={() =>
          status === false && menu.current?.open && void loadSignInForms().catch(() => undefined)
        }
      >
        <summary className="icon-link" aria-label={status === true ? "Account menu" : "Account"}>
          <AccountIcon />
        </summary>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its links' own; this only closes the menu after them */}
        <ul
          className="account-menu__items"
          aria-busy={status === "unknown"}
          onClick={(event) => event.defaultPrevented || closeMenu()}
        >
          {status === true && user !== null && user.email !== "" && (
            <li className="account-menu__who">
              Signed in as <span className="account-menu__email">{user.email}</span>
            </li>
          )}
          {status === "unknown" && <MenuLink href="/settings">Account</MenuLink>}
          {status === false && (
            <li>
              <a className="account-menu__item" href="/settings" onClick={openDialog}>
                Sign In
              </a>
            </li>
          )}
          {status === true && (
            <>
              <MenuLink href="/settings">Settings</MenuLink>
              <MenuLink href={MY_LISTS_PATH}>My Lists</MenuLink>
              <MenuLink href={`mailto:${feedbackEmail}`}>Give feedback</MenuLink>
              <MenuLink href="/logout">Logout</MenuLink>
            </>
          )}
        </ul>
      </details>
      <SignInDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSignedIn={() => {
          setDialogOpen(false);
          closeMenu();
          // SPEC §2: sign-in redirects to /settings.
          navigate("/settings");
        }}
      />
    </>
  );
}

function MenuLink({ href, children }: { href: string; children: string }) {
  return (
    <li>
      <a className="account-menu__item" href={href}>
        {children}
      </a>
    </li>
  );
}
