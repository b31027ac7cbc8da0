import { z } from "zod";

/** One API call as the OpenAPI document shows it, with the very schemas its handler validates with. */
export interface RouteDoc {
  method: "get" | "post" | "delete";
  /** OpenAPI form: /v1/wrapped/{id} */
  path: string;
  summary: string;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** A multipart/form-data body of one file (an upload) instead of a JSON one. */
  multipart?: { field: string; description: string };
  /** status -> what it means */
  responses: Record<string, string>;
}

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, object>;
    required?: string[];
  };

function parameters(schema: z.ZodType | undefined, where: "query" | "path") {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.includes(name),
    schema: s,
  }));
}

const ERROR_SCHEMA = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["status", "code", "message"],
      properties: {
        status: { type: "integer" },
        code: { type: "string" },
        message: { type: "string" },
        parameter: { type: "string", description: "the parameter at fault, when one is" },
      },
    },
  },
};

/** One file in one form field (OpenAPI 3.1: a string of binary content). */
const multipartBody = ({ field, description }: { field: string; description: string }) => ({
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: [field],
        properties: {
          [field]: { type: "string", contentMediaType: "application/octet-stream", description },
        },
      },
    },
  },
});

/** The OpenAPI 3.1 document of the given calls (GET /api/docs). */
export function openApiDocument(routes: readonly RouteDoc[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, description]) => [
        status,
        Number(status) >= 400
          ? {
              description,
              content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            }
          : { description, content: { "application/json": {} } },
      ]),
    );
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, object>)[route.method] = {
      summary: route.summary,
      parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(route.body) } },
            },
          }
        : {}),
      ...(route.multipart ? { requestBody: multipartBody(route.multipart) } : {}),
      responses: { ...responses, "429": { description: "too many requests from this address" } },
    };
  }
  return { openapi: "3.1.0", info, paths, components: { schemas: { Error: ERROR_SCHEMA } } };
}
