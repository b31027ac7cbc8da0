import type { FastifyReply, FastifyRequest } from "fastify";
import { AUTH_PATH } from "../../../identity/auth.ts";

/**
 * The refresh credential's cookie (decision 0018): HttpOnly, SameSite=Strict, and scoped to the
 * auth path, so no page request ever carries it (the page cache only sees anonymous requests).
 * Behind https it is Secure, and named __Secure- so a browser refuses it over plain http.
 */
export interface RefreshCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, value: string, expiresAt: Date, now: number): void;
  clear(reply: FastifyReply): void;
}

export function refreshCookie(https: boolean): RefreshCookie {
  const name = https ? "__Secure-cs_refresh" : "cs_refresh";
  const attributes = `Path=${AUTH_PATH}; HttpOnly; SameSite=Strict${https ? "; Secure" : ""}`;
  return {
    name,
    read(request) {
      for (const part of (request.headers.cookie ?? "").split(";")) {
        const [key, ...rest] = part.trim().split("=");
        if (key === name) return rest.join("=") || undefined;
      }
      return undefined;
    },
    set(reply, value, expiresAt, now) {
      const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000));
      reply.header("set-cookie", `${name}=${value}; ${attributes}; Max-Age=${maxAge}`);
    },
    clear(reply) {
      reply.header("set-cookie", `${name}=; ${attributes}; Max-Age=0`);
    },
  };
}
