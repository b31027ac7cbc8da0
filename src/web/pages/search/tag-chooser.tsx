import { type KeyboardEvent, useId } from "react";
import { TagCombobox, useTagComboboxState } from "../../components/tag-combobox.tsx";
import { matchTags, pickTag } from "../../lib/daily-viewers/tag-match.ts";

const SHOWN = 30;

/**
 * The filter dialog's tag picker (SPEC §2, §5): several tags, chosen from a combobox that matches
 * case-insensitively and marks matches from 2 characters (the daily page's matching, tag-match.ts);
 * each chosen tag has a remove button.
 */
export function TagChooser({
  tags,
  chosen,
  onChange,
}: {
  tags: readonly string[];
  chosen: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const state = useTagComboboxState();
  const { text, setText, open, setOpen, active, setActive } = state;
  const available = tags.filter((tag) => !chosen.includes(tag));
  const matches = open ? matchTags(available, text, SHOWN) : [];

  const choose = (tag: string) => {
    onChange([...chosen, tag]);
    setText("");
    setActive(-1);
    // The list would cover what comes next (the match-all switch); typing opens it again.
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const count = matches.length;
      if (count > 0) setActive((index) => (index + (event.key === "ArrowDown" ? 1 : -1) + count) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const tag = matches[active] ?? pickTag(available, text);
      if (tag !== undefined && tag !== null) choose(tag);
    } else if (event.key === "Escape" && open && text !== "") {
      // The first Escape closes the list; the next one reaches the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="tag-chooser">
      <label className="number-stepper__label" htmlFor={`${id}-input`}>
        Tags
      </label>
      <div className="tag-picker">
        <TagCombobox
          inputId={`${id}-input`}
          listId={listId}
          state={state}
          matches={matches}
          onChoose={choose}
          onKeyDown={onKeyDown}
        />
      </div>
      {chosen.length > 0 && (
        <ul className="tag-chooser__chosen" aria-label="Chosen tags">
          {chosen.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="tag-chooser__chip"
                aria-label={`Remove the tag ${tag}`}
                onClick={() => onChange(chosen.filter((t) => t !== tag))}
              >
                #{tag} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
