import type { StoredMail } from "../../mail/mail-store.ts";

/**
 * /dev/mail's HTML: the sink's messages, newest first, with their links clickable and their text.
 * Everything from a mail is escaped, and a mail's HTML body is not shown: it is someone's markup,
 * and our page runs none (DEV_MAIL_POLICY allows no script, and no frame to show it in).
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function messageHtml(mail: StoredMail): string {
  const links =
    mail.links.length === 0
      ? "<p>No links.</p>"
      : `<ul class="links">${mail.links
          .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
          .join("")}</ul>`;
  const htmlNote =
    mail.html === null
      ? ""
      : `<p class="note">It also has an HTML part (${mail.html.length} characters), not shown here: see <a href="/dev/mail.json?to=${encodeURIComponent(mail.to[0] ?? "")}">/dev/mail.json</a>.</p>`;
  return `<article aria-labelledby="m-${escapeHtml(mail.id)}">
<h2 id="m-${escapeHtml(mail.id)}">${escapeHtml(mail.subject || "(no subject)")}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.to.join(", "))}</dd>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>Received</dt><dd><time datetime="${escapeHtml(mail.receivedAt)}">${escapeHtml(mail.receivedAt.replace("T", " ").slice(0, 19))} UTC</time></dd>
</dl>
<h3>Links</h3>
${links}
<h3>Text</h3>
<pre>${escapeHtml(mail.text)}</pre>
${htmlNote}
</article>`;
}

export function devMailPage(
  mails: readonly StoredMail[],
  options: { to: string | undefined; limit: number },
): string {
  const { to, limit } = options;
  const heading = to === undefined ? "Mail sent by this site" : `Mail sent to ${to}`;
  const summary =
    mails.length === 0
      ? "<p>No mail yet.</p>"
      : `<p>${mails.length === limit ? `The newest ${limit}` : mails.length === 1 ? "1 message" : `${mails.length} messages`}, newest first.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(heading)} (local mail sink)</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; color: #1d1b22; }
article { border-top: 1px solid #e2e0e7; padding: 1rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f5f4f7; padding: 0.75rem; }
a { color: #8f1a47; overflow-wrap: anywhere; }
.note { color: #5a5766; }
</style></head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p class="note">The local mail sink of <code>npm start</code> (no <code>SMTP_URL</code> is set): these messages were not delivered anywhere. As JSON: <a href="/dev/mail.json${to === undefined ? "" : `?to=${encodeURIComponent(to)}`}">/dev/mail.json</a>.</p>
<form method="get" action="/dev/mail">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? "")}" autocomplete="off">
<button type="submit">Show</button>
${to === undefined ? "" : '<a href="/dev/mail">All mail</a>'}
</form>
${summary}
${mails.map(messageHtml).join("\n")}
</main>
</body></html>
`;
}
