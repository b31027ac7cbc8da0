import { useId } from "react";
import { Field } from "../../components/account/form-parts.tsx";
import { LIST_DESCRIPTION_MAX, LIST_NAME_MAX } from "../../lib/lists/list-data.ts";

/** What a list's form edits: its name, description and whether it is public. */
export interface ListFieldValues {
  name: string;
  description: string;
  isPublic: boolean;
}

/**
 * The fields of the create and the edit forms: a name of 1 to 80 characters, a description of up
 * to 500 and the public switch; the browser checks the lengths, the server has the last word.
 */
export function ListFields({
  values,
  onChange,
  descriptionLabel = "Description",
}: {
  values: ListFieldValues;
  onChange: (values: ListFieldValues) => void;
  descriptionLabel?: string;
}) {
  const descriptionId = useId();
  return (
    <>
      <Field
        label="Name"
        required
        maxLength={LIST_NAME_MAX}
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
      />
      <div className="account-field">
        <label className="account-field__label" htmlFor={descriptionId}>
          {descriptionLabel}
        </label>
        <textarea
          id={descriptionId}
          className="account-field__input list-form__description"
          maxLength={LIST_DESCRIPTION_MAX}
          rows={3}
          value={values.description}
          onChange={(event) => onChange({ ...values, description: event.currentTarget.value })}
        />
      </div>
      <label className="list-form__check">
        <input
          type="checkbox"
          checked={values.isPublic}
          onChange={(event) => onChange({ ...values, isPublic: event.currentTarget.checked })}
        />
        Public: anyone with the link can see it, and it is listed on /lists
      </label>
    </>
  );
}
