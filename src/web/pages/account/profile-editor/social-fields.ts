import { SOCIAL_NETWORKS, type SocialNetwork } from "../../../lib/profile/profile-data.ts";

/** The network a refusal's parameter names ("socials.twitter"), if any: its field shows the message. */
export function networkOfParameter(parameter: string | undefined): SocialNetwork | null {
  const name = parameter?.replace(/^socials\./, "");
  return SOCIAL_NETWORKS.find(({ network }) => network === name)?.network ?? null;
}

/** The server names the field first ("socials.twitter: expected …"); by the field, the rest says it. */
export const fieldMessage = (message: string) => message.replace(/^socials\.[a-z]+:\s*/, "");
