import { type KeyboardEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { highlightParts, matchTags, pickTag } from "../../lib/daily-viewers/tag-match.ts";

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
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
      <input
        id={`${id}-input`}
        className="tag-picker__input"
        name="tag"
        type="text"
        role="combobox"
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="pick a tag"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        className="tag-picker__list"
        role="listbox"
        aria-label="Tags"
        hidden={!open || matches.length === 0}
      >
        {matches.map((tag, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys reach options through the input (aria-activedescendant)
          <div
            key={tag}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Focus stays in the input, which points at the active option (aria-activedescendant).
            tabIndex={-1}
            className="tag-picker__option"
            // Before the input's blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(tag)}
          >
            #
            {highlightParts(tag, text).map((part, at) =>
              part.match ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one label, fixed in order
                <mark key={at}>{part.text}</mark>
              ) : (
                part.text
              ),
            )}
          </div>
        ))}
      </div>
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
