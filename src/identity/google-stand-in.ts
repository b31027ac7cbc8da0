import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  OAuth2Issuer,
  OAuth2Service,
  type TokenRequestIncomingMessage,
} from "oauth2-mock-server";
import type { GoogleClient } from "./auth.ts";

/**
 * The sandbox's stand-in for Google (decision 0019): a local OpenID provider, so the Google button
 * works end to end on a fresh clone without a Google client. oauth2-mock-server does the protocol
 * (discovery, keys, signed ID tokens with the nonce, PKCE); it has no login step and checks no
 * client, so this file adds both: a page, clearly the sandbox's, where the visitor types any e-mail
 * and says whether "Google" calls it verified, and checks of the client, its redirect URI, the
 * code's single use and its age. Anyone can be anyone here: it is for the sandbox only.
 */

export interface GoogleStandIn extends GoogleClient {
  close(): Promise<void>;
}

export interface GoogleStandInOptions {
  /** The one redirect URI the site's client may use: {site origin}/v1/auth/callback/google. */
  redirectUri: string;
  /** 0 (or unset) picks a free port. */
  port?: number;
}

/** A login chosen on the page, waiting for the site to redeem its code. */
interface Login {
  email: string;
  emailVerified: boolean;
  at: number;
}

const CLIENT_ID = "camstats-sandbox";
/** How long a chosen login waits for its authorize step, and a code for its exchange (a real provider's order). */
const LOGIN_TTL_MS = 10 * 60_000;
const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,189}$/;

/** The parameters the authorize request must carry, as Google requires them of this client. */
const REQUIRED = ["client_id", "redirect_uri", "response_type", "scope", "state", "nonce", "code_challenge"];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A stable subject per address, as Google's `sub` is per account. */
const subjectOf = (email: string) =>
  `sandbox-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 24)}`;

export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const clientSecret = randomBytes(24).toString("base64url");
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate("RS256");
  const service = new OAuth2Service(issuer);
  /** Logins chosen on the page, by the one-time ticket the page's form redirect carries. */
  const tickets = new Map<string, Login>();
  /** Codes issued for a login, until redeemed once. */
  const codes = new Map<string, Login>();
  const redirectOrigin = new URL(options.redirectUri).origin;

  const prune = () => {
    const oldest = Date.now() - LOGIN_TTL_MS;
    for (const map of [tickets, codes])
      for (const [key, login] of map) if (login.at < oldest) map.delete(key);
  };

  /** What is wrong with an authorize request, or null: a bad one never redirects anywhere. */
  function authorizeProblem(query: URLSearchParams): string | null {
    const missing = REQUIRED.filter((name) => !query.get(name));
    if (missing.length > 0) return `missing ${missing.join(", ")}`;
    if (query.get("client_id") !== CLIENT_ID) return "unknown client_id";
    if (query.get("redirect_uri") !== options.redirectUri) return "redirect_uri is not the client's";
    if (query.get("response_type") !== "code") return "response_type must be code";
    if (query.get("code_challenge_method") !== "S256") return "code_challenge_method must be S256";
    if (!(query.get("scope") ?? "").split(" ").includes("openid")) return "scope must include openid";
    return null;
  }

  // The code the mock issued belongs to the login whose ticket the authorize request carried.
  service.on("beforeAuthorizeRedirect", (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const ticket = new URL(req.url ?? "/", "http://stand-in").searchParams.get("login") ?? "";
    const login = tickets.get(ticket);
    const code = redirect.url.searchParams.get("code");
    tickets.delete(ticket);
    if (login !== undefined && code !== null) codes.set(code, { ...login, at: Date.now() });
  });
  // Both tokens name the chosen account; the ID token is what the site reads.
  service.on("beforeTokenSigning", (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const login = req.body.code === undefined ? undefined : codes.get(req.body.code);
    if (login === undefined) return;
    Object.assign(token.payload, {
      sub: subjectOf(login.email),
      email: login.email,
      email_verified: login.emailVerified,
      name: login.email.split("@")[0],
    });
  });
  // The checks the mock leaves out: the client's secret, the redirect URI, a code used once.
  service.on("beforeResponse", (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body = req.body as TokenRequestIncomingMessage["body"] & Record<string, unknown>;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
      : [body.client_id, body.client_secret];
    if (
      typeof id !== "string" ||
      typeof secret !== "string" ||
      id !== CLIENT_ID ||
      !sameText(secret, clientSecret)
    ) {
      response.statusCode = 401;
      response.body = { error: "invalid_client" };
      return;
    }
    const code = typeof body.code === "string" ? body.code : "";
    const login = codes.get(code);
    codes.delete(code);
    if (
      body.grant_type !== "authorization_code" ||
      login === undefined ||
      body.redirect_uri !== options.redirectUri ||
      typeof body.code_verifier !== "string"
    ) {
      response.statusCode = 400;
      response.body = { error: "invalid_grant" };
      return;
    }
    // The mock answers with the scope the request named, or "dummy": granted is what was asked.
    if (typeof response.body === "object") response.body.scope = "openid email profile";
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (url.pathname !== "/authorize") return service.requestHandler(req, res);
    prune();
    if (req.method === "POST") return chooseLogin(req, res);
    const problem = authorizeProblem(url.searchParams);
    if (problem !== null)
      return send(res, 400, page("This sign-in request is not valid", `<p>${escapeHtml(problem)}.</p>`));
    const ticket = url.searchParams.get("login");
    if (ticket !== null && tickets.has(ticket)) return service.requestHandler(req, res);
    return send(res, 200, loginPage(url.searchParams));
  }

  /** The page's form: the login is remembered under a ticket, and the browser goes on to authorize. */
  async function chooseLogin(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const authorize = new URLSearchParams(form.get("authorize") ?? "");
    const problem = authorizeProblem(authorize);
    if (problem !== null)
      return send(res, 400, page("This sign-in request is not valid", `<p>${escapeHtml(problem)}.</p>`));
    if (form.get("action") === "cancel") {
      const back = new URL(options.redirectUri);
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("state", authorize.get("state") ?? "");
      return redirect(res, back.href);
    }
    const email = (form.get("email") ?? "").trim().toLowerCase();
    if (!EMAIL.test(email))
      return send(res, 400, loginPage(authorize, "Type an e-mail address, such as ann@example.com."));
    const ticket = randomBytes(18).toString("base64url");
    tickets.set(ticket, { email, emailVerified: form.get("verified") === "yes", at: Date.now() });
    authorize.set("login", ticket);
    return redirect(res, `/authorize?${authorize}`);
  }

  function loginPage(authorize: URLSearchParams, problem?: string): string {
    const query = new URLSearchParams(authorize);
    query.delete("login");
    return page(
      "Sign in with Google — sandbox stand-in",
      `<p class="note">This is <strong>not Google</strong>. It is camstats' sandbox stand-in for Google, a local
OpenID provider that <code>npm start</code> runs when no Google client is configured. Any address works;
nothing is checked and nothing is sent.</p>
${problem === undefined ? "" : `<p class="problem" role="alert">${escapeHtml(problem)}</p>`}
<form method="post" action="/authorize">
  <input type="hidden" name="authorize" value="${escapeHtml(query.toString())}">
  <label>Sign in as (e-mail address)<br><input type="email" name="email" required autofocus autocomplete="email" placeholder="ann@example.com"></label>
  <fieldset>
    <legend>Does “Google” say this address is verified?</legend>
    <label><input type="radio" name="verified" value="yes" checked> Yes, verified (links to a verified password account of the same address)</label><br>
    <label><input type="radio" name="verified" value="no"> No, not verified (the site refuses the sign-in)</label>
  </fieldset>
  <button type="submit" name="action" value="sign-in">Sign in</button>
  <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
    );
  }

  function send(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // Its own origin, its own policy: the form posts here, and its redirect ends at the site.
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirectOrigin}; frame-ancestors 'none'; base-uri 'none'`,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    res.end(html);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("the sandbox's Google stand-in failed");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  issuer.url = `http://127.0.0.1:${port}`;
  return {
    issuer: issuer.url,
    clientId: CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, "cache-control": "no-store" });
  res.end();
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}
.note{background:#fff4d6;border:1px solid #e0b400;padding:.75rem 1rem;border-radius:.5rem}
.problem{color:#a40000}fieldset{margin:1rem 0;border-radius:.5rem}input[type=email]{width:100%;padding:.4rem;font:inherit}
button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

/** A form's body, bounded: the page's form is a few hundred bytes. */
async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 16_384) throw new Error("form too large");
  }
  return text;
}
