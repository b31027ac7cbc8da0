import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { AccountSession } from "../../lib/account/account-session.ts";
import { callErrorText, listCalls } from "../../lib/lists/list-calls.ts";
import type { ListView } from "../../lib/lists/list-data.ts";
import { ownedListsStore } from "../../lib/lists/owned-lists.ts";
import { ListFields, type ListFieldValues } from "./list-fields.tsx";
import { listTabHref, MY_LISTS_TAB } from "./list-tabs.ts";
import { IMAGE_REMOVED, IMAGE_SAVED, LIST_SAVED } from "./list-texts.ts";
import { ListProblem } from "./sign-in-prompt.tsx";

/** Image files the upload offers (the server sniffs the bytes and has the last word). */
const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";

/**
 * The owner's controls (issue 18): rename, describe, make public or private (POST
 * /v1/list_update_metadata), set or remove the image (POST or DELETE /v1/list_image/{id}), and
 * delete the list behind a confirmation (POST /v1/list_delete, then My Lists).
 */
export function ListOwnerControls({
  session,
  list,
  onChanged,
}: {
  session: AccountSession;
  list: ListView;
  onChanged: (list: ListView) => void;
}) {
  const calls = listCalls(session);
  const changed = (next: ListView) => {
    ownedListsStore.put(next);
    onChanged(next);
  };
  return (
    <section className="list-owner" aria-labelledby="list-owner-title">
      <h2 id="list-owner-title" className="lists-page__heading">
        Manage this list
      </h2>
      <div className="list-owner__parts">
        <MetadataForm key={list.listId} list={list} save={calls.updateMetadata} onSaved={changed} />
        <div className="list-owner__side">
          <ImageControls list={list} calls={calls} onChanged={changed} />
          <DeleteList list={list} remove={calls.remove} />
        </div>
      </div>
    </section>
  );
}

function MetadataForm({
  list,
  save,
  onSaved,
}: {
  list: ListView;
  save: ReturnType<typeof listCalls>["updateMetadata"];
  onSaved: (list: ListView) => void;
}) {
  const [values, setValues] = useState<ListFieldValues>(list);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setSaved(false);
    try {
      const { name, description, isPublic } = values;
      const next = await save({ listId: list.listId, name, description, isPublic });
      setValues(next);
      setSaved(true);
      onSaved(next);
    } catch (error) {
      setProblem(callErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="account-form list-form" aria-label="Name, description and visibility" onSubmit={submit}>
      <ListFields values={values} onChange={setValues} />
      <ListProblem text={problem} />
      {saved && (
        <p className="account-message" role="status">
          {LIST_SAVED}
        </p>
      )}
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </button>
    </form>
  );
}

function ImageControls({
  list,
  calls,
  onChanged,
}: {
  list: ListView;
  calls: ReturnType<typeof listCalls>;
  onChanged: (list: ListView) => void;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const inputId = useId();
  const run = async (call: () => Promise<ListView>, message: string) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      onChanged(await call());
      setDone(message);
      if (file.current) file.current.value = "";
    } catch (error) {
      setProblem(callErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  const upload = (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (chosen === undefined) {
      setProblem("Choose an image first.");
      return;
    }
    void run(() => calls.setImage(list.listId, chosen), IMAGE_SAVED);
  };
  return (
    <form className="account-form list-image-form" aria-label="List image" onSubmit={upload}>
      <div className="account-field">
        <label className="account-field__label" htmlFor={inputId}>
          Image (PNG, JPEG, WebP or GIF, up to 5 MB)
        </label>
        <input id={inputId} ref={file} type="file" accept={IMAGE_TYPES} className="list-image-form__file" />
      </div>
      <ListProblem text={problem} />
      {done !== null && (
        <p className="account-message" role="status">
          {done}
        </p>
      )}
      <div className="list-owner__buttons">
        <button type="submit" className="account-button account-button--secondary" disabled={busy}>
          {list.image === null ? "Set image" : "Replace image"}
        </button>
        {list.image !== null && (
          <button
            type="button"
            className="account-button account-button--secondary"
            disabled={busy}
            onClick={() => void run(() => calls.removeImage(list.listId), IMAGE_REMOVED)}
          >
            Remove image
          </button>
        )}
      </div>
    </form>
  );
}

function DeleteList({ list, remove }: { list: ListView; remove: (listId: string) => Promise<null> }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await remove(list.listId);
      ownedListsStore.drop(list.listId);
      navigate(listTabHref(MY_LISTS_TAB));
    } catch (error) {
      setProblem(callErrorText(error));
      setBusy(false);
    }
  };
  return (
    <div className="list-delete">
      {confirming ? (
        <div className="list-delete__confirm">
          <p>{`Delete “${list.name}” and its ${list.performers.length} performers for good?`}</p>
          <div className="list-owner__buttons">
            <button
              type="button"
              className="account-button account-button--danger"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? "Deleting…" : "Yes, delete the list"}
            </button>
            <button
              type="button"
              className="account-button account-button--secondary"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="account-button account-button--danger"
          onClick={() => setConfirming(true)}
        >
          Delete list
        </button>
      )}
      <ListProblem text={problem} />
    </div>
  );
}
