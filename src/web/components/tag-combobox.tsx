import { type Dispatch, type KeyboardEvent, type SetStateAction, useState } from "react";
import { highlightParts } from "../lib/daily-viewers/tag-match.ts";

/** What the tag combobox keeps while a visitor types: the text, the list open, the active option. */
export interface TagComboboxState {
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
}

export function useTagComboboxState(): TagComboboxState {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  return { text, setText, open, setOpen, active, setActive };
}

/**
 * The input and list of a tag picker (SPEC §2, §5), shared by the daily page's single-tag picker
 * and the search filters' several-tag chooser: an ARIA combobox whose options show '#tag' with the
 * typed text marked (from 2 characters: tag-match.ts). The keys differ between the two (a form's
 * Enter, a dialog's Escape), so each passes its own `onKeyDown`.
 */
export function TagCombobox({
  inputId,
  listId,
  name,
  state,
  matches,
  onChoose,
  onKeyDown,
}: {
  inputId: string;
  listId: string;
  /** The input's form field name, where a form without scripts sends it. */
  name?: string;
  state: TagComboboxState;
  matches: readonly string[];
  onChoose: (tag: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const { text, setText, open, setOpen, active, setActive } = state;
  return (
    <>
      <input
        id={inputId}
        className="tag-picker__input"
        name={name}
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
            onClick={() => onChoose(tag)}
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
    </>
  );
}
