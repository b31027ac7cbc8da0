import { type ProfileSettings, TIP_MENU_ITEM_MAX, TIP_MENU_MAX } from "../../../lib/profile/profile-data.ts";
import type { ProfileCalls } from "./profile-calls.ts";
import { TIP_MENU_SAVED } from "./profile-texts.ts";
import { rowsOfTipMenu, tipMenuOfRows } from "./tip-menu-draft.ts";
import { TokenLinesForm, type TokenLinesRules } from "./token-lines-form.tsx";

const TIP_MENU_RULES: TokenLinesRules<"item"> = {
  title: "Tip menu",
  intro: (
    <>
      What each item costs, up to {TIP_MENU_MAX} lines. Shown on your page and in the{" "}
      <a href="/tipmenu">tip menu search</a>.
    </>
  ),
  none: "No tip menu yet.",
  max: TIP_MENU_MAX,
  textKey: "item",
  textLabel: "Item",
  textMax: TIP_MENU_ITEM_MAX,
  noun: "item",
  tokensOptional: false,
  add: "Add a line",
  save: "Save tip menu",
  marked: "Some lines need a look: see the marked ones.",
};

/**
 * The tip menu: up to TIP_MENU_MAX lines of an item and its tokens, shown on the performer page
 * and found by the tip menu search (/tipmenu) while the account stays verified.
 */
export function TipMenuForm({
  settings,
  calls,
  onSaved,
}: {
  settings: ProfileSettings;
  calls: ProfileCalls;
  onSaved: (settings: ProfileSettings) => void;
}) {
  return (
    <TokenLinesForm
      rules={TIP_MENU_RULES}
      initial={() => rowsOfTipMenu(settings.tipMenu)}
      check={tipMenuOfRows}
      save={(answer) => calls.save({ tipMenu: answer.lines })}
      saved={TIP_MENU_SAVED}
      onSaved={onSaved}
    />
  );
}
