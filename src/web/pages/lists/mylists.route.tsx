import { redirect } from "react-router";
import { listTabHref, MY_LISTS_TAB } from "./list-tabs.ts";

/** SPEC §2: "The My Lists view is the /lists page with tab index 1": /mylists goes there. */
export function loader() {
  throw redirect(listTabHref(MY_LISTS_TAB), 302);
}

export default function MyLists() {
  return null;
}
