import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { OutgoingMail } from "../../src/mail/outgoing-mail.ts";

/**
 * The link in the newest mail of `kind` to `email`, once it is there: a sign-up or a reset answers
 * at its floor, and on a loaded machine its work (and so its mail) can finish after the answer.
 */
export async function mailedLink(mail: readonly OutgoingMail[], email: string, kind: string): Promise<URL> {
  const newest = () => mail.filter((m) => m.to === email && m.kind === kind).at(-1);
  await expect.poll(newest, { timeout: 15_000 }).toBeDefined();
  const link = /https?:\/\/\S+/.exec(newest()?.text ?? "")?.[0];
  if (link === undefined) throw new Error(`no link in the ${kind} mail to ${email}`);
  return new URL(link);
}

/** A confirmed account on the site at `origin`: signs up, then follows the link mailed to `mail`. */
export async function confirmedAccount(
  origin: string,
  mail: readonly OutgoingMail[],
  email: string,
  password: string,
): Promise<void> {
  const response = await fetch(`${origin}/v1/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(202);
  const link = await mailedLink(mail, email, "verify-email");
  await fetch(`${origin}${link.pathname}${link.search}`, { redirect: "manual" });
}

/** Signs in through the page's own prompt (the sign-in dialog), staying on the page. */
export async function signInHere(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("link", { name: "Sign in or create an account" }).click();
  // The page's own dialog, not the header's (both are in the page; only one is open).
  const dialog = page.locator("dialog.account-dialog[open]");
  await page.getByRole("dialog", { name: "Sign in" }).waitFor();
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}
