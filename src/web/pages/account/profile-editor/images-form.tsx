import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import type { ProfileSettings } from "../../../lib/profile/profile-data.ts";
import { PartMessages } from "./part-messages.tsx";
import type { ProfileCalls } from "./profile-calls.ts";
import {
  BANNER_REMOVED,
  BANNER_SAVED,
  CHOOSE_FILE,
  PICTURE_REMOVED,
  PICTURE_SAVED,
} from "./profile-texts.ts";
import { usePartSave } from "./use-part-save.ts";

/** Image files the upload offers (the server sniffs the bytes and has the last word). */
const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";
const FILE_HINT = "PNG, JPEG, WebP or GIF, up to 5 MB. It is re-encoded, its metadata left out.";

type Props = { settings: ProfileSettings; calls: ProfileCalls; onSaved: (settings: ProfileSettings) => void };

/** The profile picture: an upload, or the picture of the platform's profile by its address; or none. */
export function ProfilePictureForm({ settings, calls, onSaved }: Props) {
  const { busy, problem, done, run, fail } = usePartSave(onSaved);
  const file = useRef<HTMLInputElement>(null);
  const [imageUrl, setImageUrl] = useState("");
  const id = useId();
  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (chosen === undefined) return fail(CHOOSE_FILE);
    if ((await run(() => calls.uploadProfileImage(chosen), PICTURE_SAVED)) && file.current)
      file.current.value = "";
  };
  const fromPlatform = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => calls.profileImageFromPlatform(imageUrl.trim()), PICTURE_SAVED)) setImageUrl("");
  };
  return (
    <section className="profile-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Profile picture</h3>
      <CurrentImage
        src={settings.profileImage}
        alt="Your profile picture now"
        className="profile-image-now"
      />
      <form className="account-form" onSubmit={upload}>
        <ImageFileField id={id} fileRef={file} label="Upload a picture" hint={FILE_HINT} />
        <button type="submit" className="account-button" disabled={busy}>
          {settings.profileImage === null ? "Upload picture" : "Replace picture"}
        </button>
      </form>
      <form className="account-form profile-from-platform" onSubmit={fromPlatform}>
        <div className="account-field">
          <label className="account-field__label" htmlFor={`${id}-url`}>
            Or use my picture from the platform: its address
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            className="account-field__input"
            required
            value={imageUrl}
            aria-describedby={`${id}-url-hint`}
            onChange={(event) => setImageUrl(event.currentTarget.value)}
          />
          <p className="account-field__hint" id={`${id}-url-hint`}>
            Right-click (or long-press) your picture on the platform and copy the image address. Only the
            platform's image host is accepted.
          </p>
        </div>
        <button type="submit" className="account-button account-button--secondary" disabled={busy}>
          Use this picture
        </button>
      </form>
      <PartMessages problem={problem} done={done} />
      {settings.profileImage !== null && (
        <button
          type="button"
          className="account-link-button"
          disabled={busy}
          onClick={() => run(calls.removeProfileImage, PICTURE_REMOVED)}
        >
          Remove picture
        </button>
      )}
    </section>
  );
}

/** The banner across the top of the performer page: an upload, or none. */
export function BannerForm({ settings, calls, onSaved }: Props) {
  const { busy, problem, done, run, fail } = usePartSave(onSaved);
  const file = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (chosen === undefined) return fail(CHOOSE_FILE);
    if ((await run(() => calls.uploadBanner(chosen), BANNER_SAVED)) && file.current) file.current.value = "";
  };
  return (
    <section className="profile-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Banner</h3>
      <CurrentImage src={settings.bannerImage} alt="Your banner now" className="profile-banner-now" />
      <form className="account-form" onSubmit={upload}>
        <ImageFileField
          id={id}
          fileRef={file}
          label="Upload a banner"
          hint={`${FILE_HINT} A wide picture: it is fitted within 1500 × 500 pixels.`}
        />
        <PartMessages problem={problem} done={done} />
        <div className="claim-actions">
          <button type="submit" className="account-button" disabled={busy}>
            {settings.bannerImage === null ? "Upload banner" : "Replace banner"}
          </button>
          {settings.bannerImage !== null && (
            <button
              type="button"
              className="account-button account-button--secondary"
              disabled={busy}
              onClick={() => run(calls.removeBanner, BANNER_REMOVED)}
            >
              Remove banner
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function CurrentImage({ src, alt, className }: { src: string | null; alt: string; className: string }) {
  if (src === null) return <p className="schedule-day__none">None yet.</p>;
  return <img className={className} src={src} alt={alt} />;
}

/** A file input for an image, with its label and hint. */
function ImageFileField({
  id,
  fileRef,
  label,
  hint,
}: {
  id: string;
  fileRef: RefObject<HTMLInputElement | null>;
  label: string;
  hint: string;
}) {
  return (
    <div className="account-field">
      <label className="account-field__label" htmlFor={`${id}-file`}>
        {label}
      </label>
      <input
        id={`${id}-file`}
        ref={fileRef}
        type="file"
        accept={IMAGE_TYPES}
        className="profile-file"
        aria-describedby={`${id}-hint`}
      />
      <p className="account-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
