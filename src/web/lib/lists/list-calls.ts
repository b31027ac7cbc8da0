import type { AccountSession } from "../account/account-session.ts";
import { AccountCallError, problemText } from "../account/api-answer.ts";
import type { AlertChoice, ImportAnswer, ListSummary, ListView } from "./list-data.ts";

/**
 * The list calls of SPEC §7 as the pages make them, with the page's in-memory token
 * (src/web/lib/account/account-session.ts). Each throws AccountCallError with the server's problem.
 */
export const listCalls = (session: AccountSession) => ({
  owned: () => session.authedGet<ListView[]>("/v1/owned_lists"),
  summary: (listId: string) =>
    session.authedGet<ListSummary>(`/v1/list_summary?listId=${encodeURIComponent(listId)}`),
  create: (list: { name: string; description: string; isPublic: boolean }) =>
    session.authedPost<ListView>("/v1/list_create", list),
  updateMetadata: (list: { listId: string; name: string; description: string; isPublic: boolean }) =>
    session.authedPost<ListView>("/v1/list_update_metadata", list),
  addPerformer: (listId: string, performerName: string) =>
    session.authedPost<ListView>("/v1/list_add_performer", { listId, performerName }),
  removePerformer: (listId: string, performerName: string) =>
    session.authedPost<ListView>("/v1/list_remove_performer", { listId, performerName }),
  remove: (listId: string) => session.authedPost("/v1/list_delete", { listId }),
  watch: (listId: string, watch: boolean) =>
    session.authedPost<{ listId: string; watching: boolean }>("/v1/list_watch", { listId, watch }),
  alerts: () => session.authedGet<{ alerts: Record<string, AlertChoice> }>("/v1/list_alerts"),
  setAlerts: (listId: string, alerts: AlertChoice) =>
    session.authedPost<{ listId: string; watching: boolean; alerts: AlertChoice }>("/v1/list_alerts", {
      listId,
      alerts,
    }),
  importFavorites: (listId: string, favorites: string, dryRun: boolean) =>
    session.authedPost<ImportAnswer>("/v1/list_import_favorites", { listId, favorites, dryRun }),
  setImage: (listId: string, file: Blob) => {
    const form = new FormData();
    form.append("image", file);
    return session.authedSend<ListView>(`/v1/list_image/${encodeURIComponent(listId)}`, {
      method: "POST",
      body: form,
    });
  },
  removeImage: (listId: string) =>
    session.authedSend<ListView>(`/v1/list_image/${encodeURIComponent(listId)}`, { method: "DELETE" }),
});

export type ListCalls = ReturnType<typeof listCalls>;

export const CALL_FAILED = "Something went wrong. Try again in a moment.";

/** What to tell the person about a failed call: the server's own message where it sent one. */
export function callErrorText(error: unknown): string {
  if (error instanceof AccountCallError) return problemText(error.problem);
  return CALL_FAILED;
}
