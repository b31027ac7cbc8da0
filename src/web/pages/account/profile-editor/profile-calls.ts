import type { AccountSession } from "../../../lib/account/account-session.ts";
import type {
  ProfileGoal,
  ProfileSchedule,
  ProfileSettings,
  SocialNetwork,
  TipMenuLine,
} from "../../../lib/profile/profile-data.ts";

/**
 * What POST /v1/account_settings takes (SPEC §7's names). A part sends only its own fields: an
 * absent one stays as stored, so a part saved in another tab is not undone.
 */
export interface SettingsBody {
  aboutme?: string;
  schedule?: ProfileSchedule | null;
  goals?: ProfileGoal[];
  shouldDisplayGoalDetailsOnProfile?: boolean;
  tipMenu?: TipMenuLine[];
}

const query = (performer: string) => `?performer=${encodeURIComponent(performer)}`;

const upload = (file: Blob) => {
  const form = new FormData();
  form.append("image", file);
  return { method: "POST", body: form };
};

/**
 * The profile calls of SPEC §7 (the contract's shapes), with the page's in-memory token. Each
 * answers the profile as it now stands, or throws AccountCallError with the server's problem.
 */
export const profileCalls = (session: AccountSession, performer: string) => ({
  load: () => session.authedGet<ProfileSettings>(`/v1/account_settings${query(performer)}`),
  save: (body: SettingsBody) =>
    session.authedPost<ProfileSettings>("/v1/account_settings", { performer, ...body }),
  saveSocials: (socials: Record<SocialNetwork, string>) =>
    session.authedPost<ProfileSettings>("/v1/account_socials", { performer, socials }),
  uploadProfileImage: (file: Blob) =>
    session.authedSend<ProfileSettings>(`/v1/account_profileimage${query(performer)}`, upload(file)),
  profileImageFromPlatform: (imageUrl: string) =>
    session.authedPost<ProfileSettings>("/v1/account_profileimage_fromcb", { performer, imageUrl }),
  removeProfileImage: () =>
    session.authedSend<ProfileSettings>(`/v1/account_profileimage${query(performer)}`, { method: "DELETE" }),
  uploadBanner: (file: Blob) =>
    session.authedSend<ProfileSettings>(`/v1/account_bannerimage${query(performer)}`, upload(file)),
  removeBanner: () =>
    session.authedSend<ProfileSettings>(`/v1/account_bannerimage${query(performer)}`, { method: "DELETE" }),
});

export type ProfileCalls = ReturnType<typeof profileCalls>;
