/** What the profile forms say on success (a failure shows the server's own message). */
export const ABOUT_SAVED = "Your about me is saved.";
export const SCHEDULE_SAVED = "Your schedule is saved.";
export const SCHEDULE_CLEARED = "Your schedule is cleared: your page shows none.";
export const GOALS_SAVED = "Your goals are saved.";
export const TIP_MENU_SAVED = "Your tip menu is saved: the tip menu search shows it.";
export const SOCIALS_SAVED = "Your links are saved.";
export const PICTURE_SAVED = "Your profile picture is saved.";
export const PICTURE_REMOVED = "Your profile picture is removed.";
export const BANNER_SAVED = "Your banner is saved.";
export const BANNER_REMOVED = "Your banner is removed.";
export const CHOOSE_FILE = "Choose an image file first.";
export const ABOUT_TOO_LONG = "Your about me is too long: take some out before saving.";
export const ABOUT_HIDDEN =
  "As written, this is not shown at all: it holds HTML tags (a closing tag or a link tag). Take them out.";
export const ABOUT_ADDRESSES_REMOVED = "Web addresses are taken out when shown: put your links under Links.";
export const ABOUT_WORD_MASKED = "One word is masked when shown: the site does not show it.";
