import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { useAnalytics } from "../../lib/analytics.ts";
import { callErrorText, listCalls } from "../../lib/lists/list-calls.ts";
import { LIST_NAME_MAX } from "../../lib/lists/list-data.ts";
import { listHolds, ownedListsStore, useOwnedLists } from "../../lib/lists/owned-lists.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { SignInDialog } from "../account/sign-in-dialog.tsx";

/**
 * "Add to list" (issue 18) on the performer page, the search cards and the ranking rows: a plain
 * button per performer, rendered once scripts run (crawlers and the server's HTML go without it)
 * and only while the accounts are offered. Signed out it opens the sign-in dialog; signed in, a
 * menu of the person's lists (loaded once per page, shared by every button) with a check mark
 * where the performer is, each a toggle, and "New list…". The menu is mounted only while open.
 */
export function AddToList({
  performer,
  className,
  holdRoom = false,
}: {
  performer: string;
  className?: string;
  /** Keep the button's room empty until scripts run, so the page below does not move when it comes. */
  holdRoom?: boolean;
}) {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  const hydrated = useHydrated();
  const { status } = useLoginStatus();
  const [open, setOpen] = useState<"menu" | "sign-in" | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  if (!site?.accountsBeta) return null;
  if (!hydrated)
    return holdRoom ? (
      <span className={`add-to-list add-to-list--waiting ${className ?? ""}`} aria-hidden="true" />
    ) : null;
  const close = (focusButton: boolean) => {
    setOpen(null);
    if (focusButton) button.current?.focus();
  };
  return (
    <span className={className ? `add-to-list ${className}` : "add-to-list"}>
      <button
        ref={button}
        type="button"
        className="add-to-list__button"
        aria-label={`Add to list: ${performer}`}
        aria-haspopup={status === true ? "menu" : "dialog"}
        aria-expanded={status === true ? open === "menu" : undefined}
        aria-controls={open === "menu" ? menuId : undefined}
        disabled={status === "unknown"}
        onClick={() => setOpen(open === "menu" ? null : status === true ? "menu" : "sign-in")}
      >
        <span aria-hidden="true">+</span> Add to list
      </button>
      {open === "menu" && status === true && (
        <AddToListMenu id={menuId} performer={performer} anchor={button} onClose={close} />
      )}
      {open === "sign-in" && (
        <SignInDialog open onClose={() => setOpen(null)} onSignedIn={() => setOpen("menu")} />
      )}
    </span>
  );
}

const ITEMS = '[role="menuitemcheckbox"],[role="menuitem"]';

function AddToListMenu({
  id,
  performer,
  anchor,
  onClose,
}: {
  id: string;
  performer: string;
  anchor: React.RefObject<HTMLButtonElement | null>;
  onClose: (focusButton: boolean) => void;
}) {
  const { session } = useLoginStatus();
  const owned = useOwnedLists();
  const track = useAnalytics();
  const popover = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const ready = owned.status === "ready";

  // A click or a focus outside closes the menu (without taking the focus back).
  useEffect(() => {
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !popover.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [anchor, onClose]);
  // The first item takes the focus once the lists are there (the menu pattern of WAI-ARIA).
  useEffect(() => {
    if (ready && !creating) menu.current?.querySelector<HTMLElement>(ITEMS)?.focus();
  }, [ready, creating]);

  const toggle = async (listId: string, name: string, holds: boolean) => {
    if (session === null || busy !== null) return;
    setBusy(listId);
    setSaid(null);
    try {
      const calls = listCalls(session);
      const list = holds
        ? await calls.removePerformer(listId, performer)
        : await calls.addPerformer(listId, performer);
      ownedListsStore.put(list);
      if (!holds) track("Add to list");
      setSaid({ text: holds ? `Removed from ${name}.` : `Added to ${name}.`, problem: false });
    } catch (error) {
      setSaid({ text: callErrorText(error), problem: true });
    } finally {
      setBusy(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === "Escape") {
      event.preventDefault();
      onClose(true);
    } else if (event.key === "Tab") onClose(false);
    else if (creating) return;
    else if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at < 0 ? -1 : at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(-1);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are the menu's and its form's, handled in one place
    <div className="add-to-list__popover" ref={popover} onKeyDown={onKeyDown}>
      {creating ? (
        <NewListForm
          performer={performer}
          onDone={(text) => {
            setCreating(false);
            setSaid({ text, problem: false });
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <>
          {owned.status === "loading" && <p className="add-to-list__note">Loading your lists…</p>}
          <div
            id={id}
            ref={menu}
            role="menu"
            aria-label={`Lists for ${performer}`}
            className="add-to-list__menu"
          >
            {owned.lists.map((list) => {
              const holds = listHolds(list, performer);
              return (
                <button
                  key={list.listId}
                  type="button"
                  role="menuitemcheckbox"
                  aria-checked={holds}
                  tabIndex={-1}
                  className="add-to-list__item"
                  disabled={busy === list.listId}
                  onClick={() => void toggle(list.listId, list.name, holds)}
                >
                  <span className="add-to-list__check" aria-hidden="true">
                    {holds ? "✓" : ""}
                  </span>
                  {list.name}
                </button>
              );
            })}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="add-to-list__item add-to-list__item--new"
              onClick={() => setCreating(true)}
            >
              <span className="add-to-list__check" aria-hidden="true">
                +
              </span>
              New list…
            </button>
          </div>
        </>
      )}
      {owned.status === "failed" && (
        <p className="add-to-list__said add-to-list__said--problem" role="alert">
          {owned.error}
        </p>
      )}
      {said !== null && (
        <p
          className={said.problem ? "add-to-list__said add-to-list__said--problem" : "add-to-list__said"}
          role={said.problem ? "alert" : "status"}
        >
          {said.text}
        </p>
      )}
    </div>
  );
}

/** "New list…": a name, then the list is created and the performer added to it. */
function NewListForm({
  performer,
  onDone,
  onCancel,
}: {
  performer: string;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const { session } = useLoginStatus();
  const track = useAnalytics();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  useEffect(() => input.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (session === null || busy) return;
    setBusy(true);
    setProblem(null);
    const calls = listCalls(session);
    try {
      const created = await calls.create({ name, description: "", isPublic: false });
      ownedListsStore.put(created);
      ownedListsStore.put(await calls.addPerformer(created.listId, performer));
      track("Add to list");
      onDone(`Added to ${created.name}.`);
    } catch (error) {
      setProblem(callErrorText(error));
      setBusy(false);
    }
  };
  return (
    <form className="add-to-list__new" onSubmit={submit} aria-label="New list">
      <label htmlFor={inputId}>New list's name</label>
      <input
        id={inputId}
        ref={input}
        required
        maxLength={LIST_NAME_MAX}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      {problem !== null && (
        <p className="add-to-list__said add-to-list__said--problem" role="alert">
          {problem}
        </p>
      )}
      <div className="add-to-list__actions">
        <button type="submit" className="account-button" disabled={busy}>
          {busy ? "Creating…" : "Create and add"}
        </button>
        <button type="button" className="account-button account-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
