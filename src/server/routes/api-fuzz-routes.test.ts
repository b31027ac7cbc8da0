import fc from "fast-check";
import type { LightMyRequestResponse, RouteOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { multipartForm } from "../../../tests/helpers/images.ts";
import { startTestPlatform, type TestPlatform } from "../../../tests/helpers/platform.ts";
import { loadConfig } from "../../config.ts";
import { sandboxPlatform } from "../../online-rooms/platform-source.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { API_DOCS } from "./api-docs.ts";

/**
 * Issue 27, point 6: every documented call (API_DOCS, which every /api and /v1 route must be in)
 * under hostile input derived from its own schemas: each query and path parameter and each body
 * field gets lone surrogates, NUL, huge and negative numbers, NaN and Infinity, impossible and
 * extreme dates, long strings, arrays where one value goes, __proto__ and constructor keys, deep
 * nesting and wrong content types; every call is made without a token and with a signed-in user's.
 * Whatever arrives: never a 5xx, and every 4xx in the API's one error shape.
 */

/** Random runs per documented call (each made without and with a token), beside the sweep of every kind. */
const RUNS_PER_CALL = 6;
/** Another helper bounds bodies to a few kB; these stay under 16 KiB so they reach the handlers. */
const MAX_BODY = 16 * 1024;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  required?: string[];
}

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

/** Nested arrays `depth` deep around a value. */
const nested = (depth: number, inner: unknown): unknown => {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

const HOSTILE_TEXT = [
  "\ud800",
  "a\udfffb",
  "\udc00\ud800",
  "\u0000",
  "a\u0000b",
  "-1",
  "-9007199254740993",
  "9".repeat(400),
  "1e308",
  "-1e308",
  "1e999",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x1F",
  "1.5",
  "0000-01-01",
  "9999-12-31",
  "2024-02-30",
  "+010000-01-01",
  "-000001-01-01",
  "",
  " ",
  "a".repeat(5000),
  "😀".repeat(300),
  "\u202eevil",
  "[]",
  "{}",
  "null",
  "true",
  "%",
  "../../etc/passwd",
  "'; DROP TABLE performers; --",
  "<script>alert(1)</script>",
];

/** Any UTF-16 code units: lone surrogates and control characters included. */
const anyCodeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 24,
});

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: anyCodeUnits },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), Number.MIN_VALUE, 2 ** 31),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Bodies as raw text: what JSON.stringify cannot write (1e999, __proto__ keys) and broken JSON. */
const RAW_BODIES = [
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"performer":"alice","__proto__":{"x":1},"goals":[]}',
  '{"a":1e999}',
  '{"tokens":-1e999}',
  `${"[".repeat(6000)}${"]".repeat(6000)}`,
  `${'{"a":'.repeat(2500)}1${"}".repeat(2500)}`,
  "[".repeat(8000),
  "{",
  "",
  "null",
  '"\\ud800"',
  '{"name":"\\udfff"}',
  '{"a":"\\u0000"}',
  "\u0000",
  "\ufeff{}",
  "not json at all",
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zz",
  "application/xml",
  "application/octet-stream",
];

/** Percent-encodes text as a URL writes it; a lone surrogate as its (invalid) WTF-8 bytes. */
function urlEncode(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** What a documented parameter's names are (z.toJSONSchema's top-level properties). */
const namesOf = (schema: z.ZodType | undefined) =>
  schema === undefined ? [] : Object.keys(jsonSchemaOf(schema).properties ?? {});

/** The path with each {parameter} filled from `values` (percent-encoded). */
const fillPath = (route: RouteDoc, values: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => urlEncode(values[name] ?? ""));

/** The error shape of the whole API (api-error.ts). */
function expectSound(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(response.headers["content-type"], label).toMatch(/^application\/json/);
  const body = response.json();
  expect(body, label).toEqual({
    error: {
      status: response.statusCode,
      code: expect.any(String),
      message: expect.any(String),
      ...(body?.error?.parameter === undefined ? {} : { parameter: expect.any(String) }),
    },
  });
}

describe("every documented call under hostile input (issue 27)", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let site: ReturnType<typeof accountsSite>;
  const registered: { method: string; url: string }[] = [];
  /** The signed-in user: replaced when a call ends its sessions (sign-out everywhere, deletion). */
  const session = { token: "", users: 0 };
  let listId = "";
  let performerId = 0;
  let clients = 0;

  const newUser = async () => {
    const email = `fuzz${++session.users}@example.com`;
    await site.confirmedAccount(email);
    session.token = (await site.signedIn(email)).token;
    const user = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at) VALUES (${performerId}, ${user.id}, now())
      ON CONFLICT (performer_id) DO UPDATE SET user_id = EXCLUDED.user_id`.execute(t.db);
    await newList();
  };
  /** The signed-in user's public list, whose id the requests use. */
  const newList = async () => {
    const created = await site.post(
      "/v1/list_create",
      { name: "Fuzzed", isPublic: true },
      { token: session.token },
    );
    listId = (created.json() as { listId: string }).listId;
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    // A platform and an image host, so that no call answers its documented 503 for a missing one.
    platform = await startTestPlatform({ performers: 40, seed: 27, at: Date.now() });
    site = accountsSite(t.db, {
      config: loadConfig({
        PLATFORM_NAME: "TestCams",
        PLATFORM_ABBR: "tc",
        MODERATOR_EMAILS: "fuzz1@example.com",
      }),
      platform: sandboxPlatform(platform.sandbox.url),
      feedRequestsPerSecond: Number.POSITIVE_INFINITY,
      imageHost: platform.sandbox.url,
      imageHostIsSandbox: true,
    });
    // Before the app is ready: its routes are registered by plugins that load then.
    site.app.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    performerId = await insertPerformer(t.db, { username: "alice", lastSeen: new Date().toISOString() });
    await insertPerformer(t.db, { username: "bella", lastSeen: new Date().toISOString() });
    await newUser();
  });
  afterAll(async () => {
    await site?.app.close();
    await platform?.sandbox.close();
    await t?.drop();
  });

  it("documents every /api and /v1 route the app has, so the property below reaches each", () => {
    // The published files' folder (routes/published-files.ts: /api/*.json): files, not calls.
    const documented = new Set(["GET /api/*"]);
    for (const d of API_DOCS)
      documented.add(`${d.method.toUpperCase()} ${d.path.replace(/\{(\w+)\}/g, ":$1")}`);
    const calls = registered.filter((r) => /^\/(api|v1)\//.test(r.url) && r.method !== "HEAD");
    expect(calls.length).toBeGreaterThan(50);
    expect(calls.map((r) => `${r.method} ${r.url}`).filter((call) => !documented.has(call))).toEqual([]);
  });

  /** Text that reaches further than noise: names and ids that exist. */
  const known = () =>
    fc.constantFrom(
      "alice",
      "Alice",
      "bella",
      listId,
      String(performerId),
      "fuzz1@example.com",
      "2026-11-20",
      "asian",
      "f",
    );
  const text = () => fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: known() });

  /** A hostile JSON value of any type. */
  const hostileJson = (): fc.Arbitrary<unknown> =>
    fc.oneof(
      text(),
      hostileNumber,
      fc.boolean(),
      fc.constant(null),
      fc.constant([]),
      fc.constant({}),
      text().map((v) => [v, v]),
      text().map((v) => nested(1500, v)),
      fc.jsonValue({ maxDepth: 3 }),
    );

  /** Values shaped by the schema where it says, hostile anywhere with some chance. */
  function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const shaped: fc.Arbitrary<unknown>[] = [];
    if (schema.enum) shaped.push(fc.constantFrom(...schema.enum));
    if (schema.const !== undefined) shaped.push(fc.constant(schema.const));
    for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) shaped.push(fromSchema(sub, depth));
    for (const type of [schema.type ?? []].flat()) {
      if (type === "object" && depth < 6) {
        const properties = Object.entries(schema.properties ?? {});
        shaped.push(
          properties.length === 0
            ? fc.dictionary(text().map(String), hostileJson(), { maxKeys: 3 })
            : fc.record(Object.fromEntries(properties.map(([k, s]) => [k, fromSchema(s, depth + 1)])), {
                requiredKeys: [],
              }),
        );
      } else if (type === "array" && depth < 6) {
        shaped.push(
          fc.array(schema.items ? fromSchema(schema.items, depth + 1) : hostileJson(), { maxLength: 4 }),
        );
      } else if (type === "string") shaped.push(text());
      else if (type === "number" || type === "integer")
        shaped.push(hostileNumber, fc.integer({ min: 0, max: 40 }));
      else if (type === "boolean") shaped.push(fc.boolean());
      else if (type === "null") shaped.push(fc.constant(null));
    }
    if (shaped.length === 0) return hostileJson();
    return fc.oneof({ weight: 5, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: hostileJson() });
  }

  /** Query pairs: the documented names and a few others, values hostile, a name sometimes repeated. */
  const queryOf = (route: RouteDoc) => {
    const names = [...namesOf(route.query), "__proto__", "constructor", "x", ""];
    const value = fc.oneof(text(), fc.constantFrom("%", "%E0%A4%A", "%00", "%C0%AF"));
    return fc
      .array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 6 })
      .map((pairs) =>
        pairs
          .map(([name, v]) =>
            v.startsWith("%") && v.length > 1
              ? `${urlEncode(name)}=${v}`
              : `${urlEncode(name)}=${urlEncode(v)}`,
          )
          .join("&"),
      );
  };

  const pathValues = (route: RouteDoc) =>
    fc.record(Object.fromEntries(namesOf(route.params).map((name) => [name, text()])));

  /** A body: shaped by the documented schema and sent as JSON, raw hostile text, or a junk upload. */
  const bodyOf = (route: RouteDoc) => {
    const shaped = route.body === undefined ? hostileJson() : fromSchema(jsonSchemaOf(route.body));
    return fc.oneof(
      {
        weight: 6,
        arbitrary: shaped.map((value) => ({
          payload: JSON.stringify(value) ?? "null",
          type: "application/json",
        })),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          payload: fc.constantFrom(...RAW_BODIES),
          type: fc.constant("application/json"),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          payload: shaped.map((value) => JSON.stringify(value) ?? ""),
          type: fc.constantFrom(...CONTENT_TYPES),
        }),
      },
      {
        weight: route.multipart ? 3 : 1,
        arbitrary: fc
          .record({
            field: fc.constantFrom(route.multipart?.field ?? "image", "file", ""),
            data: fc.uint8Array({ maxLength: 64 }),
          })
          .map((part) => ({ upload: part })),
      },
    );
  };

  type Body = { payload: string; type: string } | { upload: { field: string; data: Uint8Array } };

  async function call(route: RouteDoc, url: string, body: Body | null, token: string | null) {
    const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
    let payload: string | Buffer | undefined;
    if (body !== null && "upload" in body) {
      const form = await multipartForm([
        {
          field: body.upload.field,
          data: Buffer.from(body.upload.data),
          filename: "x.png",
          type: "image/png",
        },
      ]);
      payload = form.payload;
      headers["content-type"] = form.type;
    } else if (body !== null) {
      payload = body.payload;
      headers["content-type"] = body.type;
    }
    clients++;
    return site.app.inject({
      method: route.method.toUpperCase() as "GET" | "POST" | "DELETE",
      url,
      headers,
      remoteAddress: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
      ...(payload === undefined ? {} : { payload }),
    });
  }

  /**
   * Undoes what a call did to the state the later calls lean on: a new user when the token no
   * longer holds (an account or sign-in call may end every session), the owned performer shown
   * again after an opt-out (an opted-out performer's profile calls are refused before their input
   * reaches the database), a new list after a deletion.
   */
  async function restore(route: RouteDoc, response: LightMyRequestResponse) {
    if (/^\/v1\/(auth|account)\//.test(route.path)) {
      const check = await site.app.inject({
        method: "GET",
        url: "/v1/user_info",
        headers: { authorization: `Bearer ${session.token}` },
      });
      if (check.statusCode === 401) await newUser();
    }
    if (response.statusCode >= 300) return;
    if (route.path === "/v1/optout") await sql`DELETE FROM optouts`.execute(t.db);
    if (route.path === "/v1/list_delete") await newList();
  }

  /** A value the schema accepts where nothing better is known: required keys only, texts "alice". */
  function defaultOf(schema: JsonSchema | undefined): unknown {
    if (schema === undefined) return "alice";
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    const alternative = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.type !== "null");
    if (alternative) return defaultOf(alternative);
    const type = [schema.type ?? "string"].flat()[0];
    if (type === "object")
      return Object.fromEntries((schema.required ?? []).map((k) => [k, defaultOf(schema.properties?.[k])]));
    if (type === "array") return [];
    if (type === "number" || type === "integer") return 1;
    if (type === "boolean") return false;
    if (type === "null") return null;
    return "alice";
  }

  /** Every place in a body the schema describes (objects, arrays and their items), with its schema. */
  function placesOf(schema: JsonSchema, path: (string | number)[] = [], depth = 0): (string | number)[][] {
    if (depth > 6) return [];
    const places = path.length === 0 ? [] : [path];
    for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
      places.push(...placesOf(sub, path, depth + 1));
    for (const [key, sub] of Object.entries(schema.properties ?? {}))
      places.push(...placesOf(sub, [...path, key], depth + 1));
    if (schema.items) places.push(...placesOf(schema.items, [...path, 0], depth + 1));
    const seen = new Set<string>();
    return places.filter((p) => !seen.has(JSON.stringify(p)) && seen.add(JSON.stringify(p)));
  }

  /** The schema at a place (through anyOf, properties and items). */
  function schemaAt(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
    if (schema === undefined) return undefined;
    for (const s of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
      const found = typeof key === "number" ? s.items : s.properties?.[key];
      if (found) return found;
    }
    return undefined;
  }

  /** A copy of `base` with `value` at `path`, the containers on the way made from the schema. */
  function withValueAt(
    base: unknown,
    schema: JsonSchema,
    path: (string | number)[],
    value: unknown,
  ): unknown {
    const root = structuredClone(base) as Record<string | number, unknown>;
    let node = root;
    let nodeSchema: JsonSchema | undefined = schema;
    for (const [i, key] of path.entries()) {
      const childSchema = schemaAt(nodeSchema, key);
      if (i === path.length - 1) node[key] = value;
      else {
        const child = node[key];
        node[key] = child !== null && typeof child === "object" ? child : (defaultOf(childSchema) ?? {});
        if (typeof key === "number" || Array.isArray(node[key])) {
          const list = node[key] as unknown[];
          if (list.length === 0) list.push(defaultOf(schemaAt(childSchema, 0)));
        }
        node = node[key] as Record<string | number, unknown>;
      }
      nodeSchema = childSchema;
    }
    return root;
  }

  /** One value of each hostile kind: what the issue names, each tried at every place. */
  const KINDS: unknown[] = [
    "\ud800",
    "a\udfffb",
    "a\u0000b",
    -1,
    1e308,
    -1e308,
    2 ** 53 + 2,
    "NaN",
    "99999999999999999999",
    "0000-01-01",
    "9999-12-31",
    "2024-02-30",
    "a".repeat(3000),
    ["alice", "bella"],
    { constructor: { prototype: {} }, toString: "x" },
    nested(1500, "x"),
    null,
  ];

  /** A query string from pairs; a value that is a list repeats its name. */
  const queryString = (query: Record<string, unknown>) =>
    Object.entries(query)
      .flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map(
          (v) => `${urlEncode(name)}=${urlEncode(typeof v === "string" ? v : JSON.stringify(v))}`,
        ),
      )
      .join("&");

  /**
   * A request that gets as far as the handler lets it: the required parameters filled from the
   * names and ids that exist, the first combination a signed-in caller gets a 2xx for.
   */
  async function baseOf(route: RouteDoc) {
    const required = (schema: z.ZodType | undefined, all: boolean) => {
      if (schema === undefined) return [];
      const json = jsonSchemaOf(schema);
      return Object.keys(json.properties ?? {}).filter((k) => all || json.required?.includes(k));
    };
    const slots = [
      ...required(route.params, true).map((name) => ["params", name] as const),
      ...required(route.query, false).map((name) => ["query", name] as const),
      ...required(route.body, false).map((name) => ["body", name] as const),
    ];
    const bodySchema = route.body ? jsonSchemaOf(route.body) : undefined;
    const candidates = (where: string, name: string): unknown[] => {
      const schema = where === "body" ? bodySchema?.properties?.[name] : undefined;
      const type = schema ? [schema.type ?? "string"].flat()[0] : "string";
      if (schema && (schema.enum || type !== "string")) return [defaultOf(schema)];
      return ["alice", listId, String(performerId), "bella"];
    };
    let best: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown } | null =
      null;
    const combinations = slots.reduce<Record<string, unknown>[]>(
      (all, [where, name]) =>
        all.flatMap((c) => candidates(where, name).map((v) => ({ ...c, [`${where}.${name}`]: v }))),
      [{}],
    );
    for (const combination of combinations.slice(0, 16)) {
      const base = {
        params: {} as Record<string, unknown>,
        query: {} as Record<string, unknown>,
        body: defaultOf(bodySchema) as unknown,
      };
      for (const [slot, value] of Object.entries(combination)) {
        const [where, name] = slot.split(".") as ["params" | "query" | "body", string];
        if (where === "body") (base.body as Record<string, unknown>)[name] = value;
        else base[where][name] = value;
      }
      best ??= base;
      const response = await send(route, base, session.token);
      if (response.statusCode < 300) return base;
    }
    return best ?? { params: {}, query: {}, body: defaultOf(bodySchema) };
  }

  /** Sends a request made of path values, query and a JSON body. */
  const send = (
    route: RouteDoc,
    request: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
    token: string | null,
  ) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      urlEncode(String(request.params[name] ?? "")),
    );
    const query = queryString(request.query);
    const body =
      route.method === "get"
        ? null
        : { payload: JSON.stringify(request.body) ?? "null", type: "application/json" };
    return call(route, `${path}${query === "" ? "" : `?${query}`}`, body, token);
  };

  it.each(API_DOCS.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    "%s: every parameter and body field meets every hostile kind: never a 5xx, 4xx in the one shape",
    async (_name, route) => {
      const base = await baseOf(route);
      const bodySchema = route.body ? jsonSchemaOf(route.body) : undefined;
      const variants: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }[] =
        [];
      for (const kind of KINDS) {
        for (const name of namesOf(route.params))
          variants.push({
            ...base,
            params: { ...base.params, [name]: typeof kind === "string" ? kind : JSON.stringify(kind) },
          });
        for (const name of namesOf(route.query))
          variants.push({ ...base, query: { ...base.query, [name]: kind } });
        if (bodySchema)
          for (const place of placesOf(bodySchema))
            variants.push({ ...base, body: withValueAt(base.body, bodySchema, place, kind) });
      }
      for (const variant of variants) {
        for (const token of [null, session.token]) {
          const response = await send(route, variant, token);
          const label = `${route.method.toUpperCase()} ${route.path} ${token ? "(signed in)" : "(anonymous)"} ${JSON.stringify(variant).slice(0, 400)}`;
          expectSound(response, label);
          await restore(route, response);
        }
      }
    },
  );

  it.each(API_DOCS.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    "%s: random hostile requests: never a 5xx, every 4xx in the one error shape",
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          queryOf(route),
          pathValues(route),
          route.method === "get" ? fc.constant(null) : bodyOf(route),
          async (query, params, body) => {
            const url = `${fillPath(route, params)}${query === "" ? "" : `?${query}`}`;
            if (body !== null && "payload" in body) fc.pre(Buffer.byteLength(body.payload) < MAX_BODY);
            const answers: LightMyRequestResponse[] = [];
            for (const token of [null, session.token]) {
              const response = await call(route, url, body, token);
              const who = token === null ? "(anonymous)" : "(signed in)";
              const sent = body === null ? "" : JSON.stringify(body).slice(0, 300);
              expectSound(response, `${route.method.toUpperCase()} ${url} ${who} ${sent}`);
              answers.push(response);
              await restore(route, response);
            }
            // A GET whose answer depends on who asks may be kept by a shared cache only if it says
            // it varies with the token (issue 27). It depends on the token when the signed-in answer
            // differs from two anonymous ones that agree (a clock-driven answer differs by itself).
            if (route.method !== "get") return;
            const [anonymous, signedIn] = answers as [LightMyRequestResponse, LightMyRequestResponse];
            const same = (a: LightMyRequestResponse, b: LightMyRequestResponse) =>
              a.statusCode === b.statusCode && a.body === b.body;
            if (same(anonymous, signedIn) || !same(anonymous, await call(route, url, null, null))) return;
            for (const response of answers) {
              if (!String(response.headers["cache-control"] ?? "").includes("public")) continue;
              expect(String(response.headers.vary ?? "").toLowerCase(), `${url}: public, varies`).toContain(
                "authorization",
              );
            }
          },
        ),
        { numRuns: RUNS_PER_CALL },
      );
    },
  );
});
