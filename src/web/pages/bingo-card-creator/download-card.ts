/** What a download came to: saved, or a sentence for the page (over the limit, or no answer). */
export type DownloadOutcome = { ok: true } | { ok: false; message: string };

export const DOWNLOAD_FAILED = "The image could not be made just now. Try again in a moment.";

/**
 * Fetches the card's PNG and saves it under the server's file name. A plain `<a download>` would do
 * the saving, but a refusal (too many new images in a minute) would then vanish without a word:
 * the browser drops a download that fails (issue 28). The server's sentence says how long to wait.
 */
export async function downloadCard(href: string, fileName: string): Promise<DownloadOutcome> {
  let response: Response;
  try {
    response = await fetch(href);
  } catch {
    return { ok: false, message: DOWNLOAD_FAILED };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const message = body?.error?.message;
    return { ok: false, message: typeof message === "string" ? message : DOWNLOAD_FAILED };
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the address after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true };
}
