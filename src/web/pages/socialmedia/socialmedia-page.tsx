import { useState } from "react";
import { Form } from "react-router";
import { buildBlock } from "./block-model.ts";
import { BlockOutput } from "./block-output.tsx";
import { NameForm } from "./name-form.tsx";
import { NetworkFields } from "./network-fields.tsx";
import type { SocialPageData, SocialState } from "./page-data.ts";
import { TrophyPicker } from "./trophy-picker.tsx";

/**
 * The social media profile editor (/socialmedia…) and the buttons alone (/social-media-buttons…):
 * the choices are a GET form, so the server renders the block for any of them, and in the browser
 * every change redraws the preview and the HTML at once.
 */
export function SocialMediaPage({ data }: { data: SocialPageData }) {
  const [state, setState] = useState<SocialState>(data.state);
  const built = buildBlock(data, state);
  const { performer } = data;
  const editor = data.tool === "editor";
  const title = editor ? "Social media profile editor" : "Social media buttons";

  const downloads = [
    ...(state.room && performer !== null
      ? [{ name: `${data.platformName} room button`, image: data.roomImage }]
      : []),
    ...data.networks
      .filter(
        (n) => (state.handles[n.network] ?? "").trim() !== "" && built.problems[n.network] === undefined,
      )
      .map((n) => ({ name: `${n.label} button`, image: n.image })),
    ...data.trophies
      .filter((t) => t.earned && state.trophies.includes(t.slug))
      .map((t) => ({ name: `${t.name} trophy`, image: t.image })),
  ];

  return (
    <article className="page socialmedia">
      <h1>{performer === null ? title : `${title} for ${performer.username}`}</h1>
      <p className="page__lead">
        {editor
          ? `Show your networks and the trophies you earned on ${data.platformName} in your room bio: pick them, see the preview, copy the HTML.`
          : `Buttons for your networks, ready for your ${data.platformName} room bio: type your handles, see the preview, copy the HTML.`}
      </p>

      {performer === null && (
        <>
          <NameForm tool={data.tool} name={data.nameInput} problem={data.problem} />
          {editor && data.problem === null && (
            <p>Your trophies come from our rankings: type your name to see the ones you earned.</p>
          )}
        </>
      )}

      {data.problem === null && (
        <Form method="get" action={data.path} className="socialmedia__form">
          <input type="hidden" name="edit" value="1" />
          {performer !== null && editor && (
            <TrophyPicker
              performer={performer}
              trophies={data.trophies}
              asked={data.asked}
              picked={state.trophies}
              onChange={(trophies) => setState((s) => ({ ...s, trophies }))}
            />
          )}
          <NetworkFields
            data={data}
            state={state}
            problems={built.problems}
            onChange={(change) => setState((s) => ({ ...s, ...change }))}
          />
          <button type="submit" className="account-button account-button--secondary socialmedia__update">
            Update the block
          </button>
        </Form>
      )}

      {data.problem === null && <BlockOutput block={built.block} html={built.html} downloads={downloads} />}
    </article>
  );
}
