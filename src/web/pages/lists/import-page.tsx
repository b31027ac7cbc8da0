import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { SignedInPage, useLoginStatus } from "../../lib/account/login-status.tsx";
import { callErrorText, listCalls } from "../../lib/lists/list-calls.ts";
import { type ImportAnswer, type ListView, listPath } from "../../lib/lists/list-data.ts";
import { ownedListsStore, useOwnedLists } from "../../lib/lists/owned-lists.ts";
import { CreateListForm } from "./create-list-form.tsx";
import {
  IMPORT_FILE_TYPES,
  IMPORT_MAX_CHARS,
  IMPORT_NOT_TEXT,
  IMPORT_TOO_LONG,
  importButtonLabel,
  importDoneText,
  importTextProblem,
  isImportFile,
  namesText,
  namesToAdd,
  previewGroups,
} from "./import-preview.ts";
import { CheckingLists, ListProblem, ListsSignIn } from "./sign-in-prompt.tsx";

/**
 * /lists/import (issue 18): into one of the person's lists, paste usernames or profile links, or
 * read a .txt or .csv file in the browser (the platform's favourites export is such a file). Check
 * asks the server for a dry run and shows what it found, the unknown names, the duplicates and who
 * is on the list already; only then does Import add them.
 */
export function ImportPage() {
  return (
    <SignedInPage
      className="lists-import"
      title="Import a list"
      lead={
        <>
          Bring your favourites along: paste usernames or profile links (one a line, or separated by commas or
          spaces), or choose a .txt or .csv file such as the platform's favourites export. You see what we
          found before anything is saved.
        </>
      }
      checking={<CheckingLists />}
      signedOut={<ListsSignIn why="Sign in to import usernames into one of your lists." />}
    >
      {() => <ImportForm />}
    </SignedInPage>
  );
}

type Checked = { listId: string; text: string; answer: ImportAnswer };

function ImportForm() {
  const { session } = useLoginStatus();
  const owned = useOwnedLists();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(params.get("list"));
  const [creating, setCreating] = useState(false);
  const [text, setText] = useState("");
  const [checked, setChecked] = useState<Checked | null>(null);
  const [done, setDone] = useState<{ list: ListView; added: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const listFieldId = useId();
  const textId = useId();
  const fileId = useId();

  const lists = owned.lists;
  const listId =
    chosen !== null && lists.some((l) => l.listId === chosen) ? chosen : (lists[0]?.listId ?? null);
  const list = lists.find((l) => l.listId === listId) ?? null;
  const current = checked !== null && checked.listId === listId && checked.text === text ? checked : null;

  const changeText = (next: string) => {
    setText(next);
    setDone(null);
  };
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setProblem(null);
    if (file === undefined) return;
    if (!isImportFile(file)) return setProblem(IMPORT_NOT_TEXT);
    // A UTF-8 character is at most 4 bytes: a bigger file cannot be within the characters' limit.
    if (file.size > IMPORT_MAX_CHARS * 4) return setProblem(IMPORT_TOO_LONG);
    const reader = new FileReader();
    reader.onload = () => changeText(String(reader.result ?? ""));
    reader.onerror = () => setProblem("The file could not be read. Try again, or paste its text.");
    reader.readAsText(file);
  };
  const call = async (dryRun: boolean) => {
    if (session === null || listId === null) return;
    const wrong = importTextProblem(text);
    if (wrong !== null) return setProblem(wrong);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await listCalls(session).importFavorites(listId, text, dryRun);
      if (dryRun) setChecked({ listId, text, answer });
      else {
        ownedListsStore.put(answer.list);
        setChecked(null);
        setText("");
        setDone({ list: answer.list, added: answer.added.length });
      }
    } catch (error) {
      setProblem(callErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    void call(true);
  };

  if (owned.status === "failed") return <ListProblem text={owned.error} />;
  if (owned.status !== "ready")
    return (
      <p className="lists-note" aria-busy="true">
        Loading your lists…
      </p>
    );
  const toAdd = current === null ? [] : namesToAdd(current.answer);
  return (
    <div className="lists-import__steps">
      {lists.length === 0 || creating ? (
        <CreateListForm
          heading={lists.length === 0 ? "First, create a list to import into" : "New list"}
          onCreated={(created) => {
            setChosen(created.listId);
            setCreating(false);
          }}
        />
      ) : (
        <form className="account-form lists-import__form" aria-label="Usernames to import" onSubmit={check}>
          <div className="account-field">
            <label className="account-field__label" htmlFor={listFieldId}>
              Import into
            </label>
            <div className="lists-import__list">
              <select
                id={listFieldId}
                className="account-field__input"
                value={listId ?? ""}
                onChange={(event) => {
                  setChosen(event.currentTarget.value);
                  setDone(null);
                }}
              >
                {lists.map((l) => (
                  <option key={l.listId} value={l.listId}>
                    {`${l.name} (${l.performers.length})`}
                  </option>
                ))}
              </select>
              <button type="button" className="account-link-button" onClick={() => setCreating(true)}>
                Create a new list
              </button>
            </div>
          </div>
          <div className="account-field">
            <label className="account-field__label" htmlFor={textId}>
              Usernames or profile links
            </label>
            <textarea
              id={textId}
              className="account-field__input lists-import__text"
              rows={8}
              spellCheck={false}
              value={text}
              onChange={(event) => changeText(event.currentTarget.value)}
            />
          </div>
          <div className="account-field">
            <label className="account-field__label" htmlFor={fileId}>
              Or read a file (.txt or .csv)
            </label>
            <input id={fileId} type="file" accept={IMPORT_FILE_TYPES} onChange={readFile} />
          </div>
          <ListProblem text={problem} />
          <button type="submit" className="account-button" disabled={busy || text.trim() === ""}>
            {busy && current === null ? "Checking…" : "Check"}
          </button>
        </form>
      )}
      {current !== null && list !== null && (
        <section className="lists-import__preview" aria-labelledby="import-preview-title">
          <h2 id="import-preview-title" className="lists-page__heading">
            What we found
          </h2>
          <p role="status">{`${current.answer.found.length} known, ${current.answer.unknown.length} unknown: nothing is saved until you import.`}</p>
          {previewGroups(current.answer).map((group) => (
            <div key={group.key} className={`lists-import__group lists-import__group--${group.key}`}>
              <h3>{group.heading}</h3>
              <p>{namesText(group.names)}</p>
            </div>
          ))}
          <button
            type="button"
            className="account-button"
            disabled={busy || toAdd.length === 0}
            onClick={() => void call(false)}
          >
            {busy ? "Importing…" : importButtonLabel(toAdd.length)}
          </button>
        </section>
      )}
      {done !== null && (
        <p className="account-message" role="status">
          {importDoneText(done.added, done.list.name)} <a href={listPath(done.list.listId)}>Open the list</a>
        </p>
      )}
    </div>
  );
}
