import { useState } from "react";
import { GOAL_TEXT_MAX, GOALS_MAX, type ProfileSettings } from "../../../lib/profile/profile-data.ts";
import { goalsOfRows, rowsOfGoals } from "./goals-draft.ts";
import type { ProfileCalls } from "./profile-calls.ts";
import { GOALS_SAVED } from "./profile-texts.ts";
import { TokenLinesForm, type TokenLinesRules } from "./token-lines-form.tsx";

const GOAL_RULES: TokenLinesRules<"text"> = {
  title: "Goals",
  intro: `What you are saving up for, up to ${GOALS_MAX}.`,
  none: "No goals yet.",
  max: GOALS_MAX,
  textKey: "text",
  textLabel: "Goal",
  textMax: GOAL_TEXT_MAX,
  noun: "goal",
  tokensOptional: true,
  add: "Add a goal",
  save: "Save goals",
  marked: "Some goals need a look: see the marked ones.",
};

/** Goals: up to GOALS_MAX, each a text and optional tokens; the tokens shown only when the performer says. */
export function GoalsForm({
  settings,
  calls,
  onSaved,
}: {
  settings: ProfileSettings;
  calls: ProfileCalls;
  onSaved: (settings: ProfileSettings) => void;
}) {
  const [showDetails, setShowDetails] = useState(settings.shouldDisplayGoalDetailsOnProfile);
  return (
    <TokenLinesForm
      rules={GOAL_RULES}
      initial={() => rowsOfGoals(settings.goals)}
      check={goalsOfRows}
      save={(answer) => calls.save({ goals: answer.goals, shouldDisplayGoalDetailsOnProfile: showDetails })}
      saved={GOALS_SAVED}
      onSaved={onSaved}
    >
      <label className="profile-check">
        <input
          type="checkbox"
          checked={showDetails}
          onChange={(event) => setShowDetails(event.currentTarget.checked)}
        />
        Show goal details (the tokens) on my profile
      </label>
    </TokenLinesForm>
  );
}
