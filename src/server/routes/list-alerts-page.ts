import { escapeHtml } from "./dev-mail-page.ts";

/**
 * The page behind a go-live mail's unsubscribe link: a button that POSTs (so a scanner that
 * follows links changes nothing), then the answer. Plain HTML with its own small style, no script.
 */
export type UnsubscribeView =
  | { kind: "ask"; token: string; digest: boolean }
  | { kind: "done"; digest: boolean }
  | { kind: "invalid" };

export const UNSUBSCRIBE_BUTTON = "Stop these mails";

function body(view: UnsubscribeView): { title: string; html: string } {
  if (view.kind === "invalid") {
    return {
      title: "Link not valid",
      html: `<h1>This link is not valid</h1>
<p>It may have been cut short or changed. Use the whole link from the mail, or change the alerts on the list's page (<a href="/lists">your lists</a>).</p>`,
    };
  }
  const what = view.digest ? "the daily digest of your lists" : "go-live mails for this list";
  if (view.kind === "done") {
    return {
      title: "Unsubscribed",
      html: `<h1>Unsubscribed</h1>
<p>You will get no more ${what}. You can turn them on again on the list's page (<a href="/lists">your lists</a>).</p>`,
    };
  }
  return {
    title: "Unsubscribe",
    html: `<h1>Unsubscribe</h1>
<p>Stop ${what}?</p>
<form method="post" action="/v1/list_alerts/unsubscribe?token=${escapeHtml(encodeURIComponent(view.token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${UNSUBSCRIBE_BUTTON}</button>
</form>`,
  };
}

export function unsubscribePage(view: UnsubscribeView): string {
  const { title, html } = body(view);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1d1b22; line-height: 1.5; }
a { color: #8f1a47; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 1px solid #8f1a47; background: #8f1a47; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #1d1b22; outline-offset: 2px; }
</style></head>
<body>
<main>
${html}
</main>
</body></html>
`;
}
