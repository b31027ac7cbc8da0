import { type KeyboardEvent, useId } from "react";
import { Link, useNavigate } from "react-router";
import { matchTags, pickTag } from "../../lib/daily-viewers/tag-match.ts";
import { TagCombobox, useTagComboboxState } from "../tag-combobox.tsx";

/** How many matches the list shows at once; typing narrows it. */
const SHOWN = 50;

/**
 * The tag picker (SPEC §2, §5): a combobox over the tags with a list that day. Without scripts it
 * is a GET form whose `tag` parameter the page redirects to the tag's address; with them, typing
 * filters the list (case-insensitive, matches marked from 2 characters), and picking a tag
 * navigates to its list.
 */
export function TagPicker({
  tags,
  current,
  action,
  pathOf,
  clearPath,
}: {
  tags: readonly string[];
  current: string | null;
  /** The form's address without scripts: this page, which redirects ?tag= to the tag's address. */
  action: string;
  pathOf: (tag: string) => string;
  /** The same list without a tag. */
  clearPath: string;
}) {
  const id = useId();
  const listId = `${id}-tags`;
  const navigate = useNavigate();
  const state = useTagComboboxState();
  const { text, setText, open, setOpen, active, setActive } = state;
  const matches = open ? matchTags(tags, text, SHOWN) : [];

  const choose = (tag: string) => {
    setOpen(false);
    setText("");
    setActive(-1);
    if (tag !== current) void navigate(pathOf(tag), { preventScrollReset: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const count = open ? matches.length : matchTags(tags, text, SHOWN).length;
      if (count > 0) setActive((index) => (index + step + count) % count);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form
      className="tag-picker"
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        const tag = matches[active] ?? pickTag(tags, text);
        if (tag !== undefined && tag !== null) choose(tag);
      }}
    >
      <label className="sr-only" htmlFor={`${id}-input`}>
        Tag
      </label>
      <TagCombobox
        inputId={`${id}-input`}
        listId={listId}
        name="tag"
        state={state}
        matches={matches}
        onChoose={choose}
        onKeyDown={onKeyDown}
      />
      {current !== null && (
        <Link
          className="tag-picker__current"
          to={clearPath}
          preventScrollReset
          aria-label={`Remove the tag ${current}`}
        >
          #{current} <span aria-hidden="true">×</span>
        </Link>
      )}
    </form>
  );
}
