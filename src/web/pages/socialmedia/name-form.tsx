import { Form } from "react-router";
import { type SocialTool, socialPath } from "./page-data.ts";

/** The performer's name, asked first: a GET form whose ?user= the loader sends on to /{tool}/{user}. */
export function NameForm({
  tool,
  name,
  problem,
}: {
  tool: SocialTool;
  name: string;
  problem: string | null;
}) {
  return (
    <Form method="get" action={socialPath(tool, null)} className="account-form socialmedia__name-form">
      <div className="account-field">
        <label className="account-field__label" htmlFor="socialmedia-user">
          Performer name
        </label>
        <input
          id="socialmedia-user"
          className="account-field__input"
          name="user"
          defaultValue={name}
          maxLength={64}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : "socialmedia-user-problem"}
        />
      </div>
      <button type="submit" className="account-button">
        Open
      </button>
      {problem !== null && (
        <p id="socialmedia-user-problem" className="account-message account-message--problem" role="alert">
          {problem}
        </p>
      )}
    </Form>
  );
}
