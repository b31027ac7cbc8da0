import { type FormEvent, useId, useState } from "react";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { callErrorText, listCalls } from "../../lib/lists/list-calls.ts";
import { LIST_DESCRIPTION_MAX, LIST_NAME_MAX, type ListView } from "../../lib/lists/list-data.ts";
import { ownedListsStore } from "../../lib/lists/owned-lists.ts";
import { Field } from "../account/form-parts.tsx";
import { ListProblem } from "./sign-in-prompt.tsx";

/**
 * "Create list" (POST /v1/list_create): a name of 1 to 80 characters, a description of up to 500
 * and whether it is public; the browser checks the lengths too, the server has the last word.
 */
export function CreateListForm({
  heading = "Create a list",
  submitLabel = "Create list",
  onCreated,
}: {
  heading?: string;
  submitLabel?: string;
  onCreated: (list: ListView) => void;
}) {
  const { session } = useLoginStatus();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [isPublic, setIsPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const descriptionId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (session === null || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const list = await listCalls(session).create({ name, description, isPublic });
      ownedListsStore.put(list);
      setName("");
      setDescription("");
      setIsPublic(false);
      onCreated(list);
    } catch (error) {
      setProblem(callErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="account-form list-form" aria-labelledby={headingId} onSubmit={submit}>
      <h2 id={headingId} className="list-form__heading">
        {heading}
      </h2>
      <Field
        label="Name"
        required
        maxLength={LIST_NAME_MAX}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <div className="account-field">
        <label className="account-field__label" htmlFor={descriptionId}>
          Description (optional)
        </label>
        <textarea
          id={descriptionId}
          className="account-field__input list-form__description"
          maxLength={LIST_DESCRIPTION_MAX}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
      </div>
      <label className="list-form__check">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(event) => setIsPublic(event.currentTarget.checked)}
        />
        Public: anyone with the link can see it, and it is listed on /lists
      </label>
      <ListProblem text={problem} />
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Creating…" : submitLabel}
      </button>
    </form>
  );
}
