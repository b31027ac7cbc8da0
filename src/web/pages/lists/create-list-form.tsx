import { type FormEvent, useId, useState } from "react";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { callErrorText, listCalls } from "../../lib/lists/list-calls.ts";
import type { ListView } from "../../lib/lists/list-data.ts";
import { ownedListsStore } from "../../lib/lists/owned-lists.ts";
import { ListFields, type ListFieldValues } from "./list-fields.tsx";
import { ListProblem } from "./sign-in-prompt.tsx";

const EMPTY: ListFieldValues = { name: "", description: "", isPublic: false };

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
  const [values, setValues] = useState<ListFieldValues>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (session === null || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const list = await listCalls(session).create(values);
      ownedListsStore.put(list);
      setValues(EMPTY);
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
      <ListFields values={values} onChange={setValues} descriptionLabel="Description (optional)" />
      <ListProblem text={problem} />
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Creating…" : submitLabel}
      </button>
    </form>
  );
}
