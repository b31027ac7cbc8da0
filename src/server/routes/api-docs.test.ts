import { describe, expect, it } from "vitest";
import { NO_DATABASE, NO_IDENTITY, testApp } from "../../../tests/helpers/api.ts";
import { API_DOCS } from "./api-docs.ts";

describe("GET /api/docs", () => {
  it("is an OpenAPI document of every call, with parameters from the validating schemas", async () => {
    const app = testApp(NO_DATABASE, { identity: NO_IDENTITY, listAlertTokenKey: Buffer.alloc(32) });
    try {
      const response = await app.inject({ method: "GET", url: "/api/docs" });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toBe("3.1.0");
      expect(Object.keys(doc.paths).sort()).toEqual([
        "/api/docs",
        "/api/geoip",
        "/api/health",
        "/api/model_search",
        "/api/online_rooms",
        "/api/stream_details",
        "/api/stream_hourlystats",
        "/api/streamers",
        "/api/streams",
        "/api/traffic",
        "/v1/account",
        "/v1/account/delete",
        "/v1/account/password",
        "/v1/account/sessions",
        "/v1/account/sessions/end-others",
        "/v1/account/sessions/{id}",
        "/v1/account_bannerimage",
        "/v1/account_profileimage",
        "/v1/account_profileimage_fromcb",
        "/v1/account_settings",
        "/v1/account_socials",
        "/v1/auth/jwks",
        "/v1/auth/password-reset",
        "/v1/auth/password-reset/confirm",
        "/v1/auth/refresh",
        "/v1/auth/resend-confirmation",
        "/v1/auth/sign-in",
        "/v1/auth/sign-out",
        "/v1/auth/sign-out-everywhere",
        "/v1/auth/sign-up",
        "/v1/auth/verify-email",
        "/v1/bingo_card_delete",
        "/v1/bingo_card_save",
        "/v1/bingo_cards",
        "/v1/chatvideo_context",
        "/v1/compare_performers",
        "/v1/fan_quote",
        "/v1/fan_quotes",
        "/v1/list_add_performer",
        "/v1/list_alerts",
        "/v1/list_alerts/unsubscribe",
        "/v1/list_create",
        "/v1/list_delete",
        "/v1/list_image/{id}",
        "/v1/list_import_favorites",
        "/v1/list_remove_performer",
        "/v1/list_summary",
        "/v1/list_update_metadata",
        "/v1/list_watch",
        "/v1/lists/{id}",
        "/v1/live_stats",
        "/v1/model-search",
        "/v1/moderation/decide",
        "/v1/moderation/queue",
        "/v1/moderation/undo",
        "/v1/monthly_summary/{id}",
        "/v1/name-checker",
        "/v1/optout",
        "/v1/owned_lists",
        "/v1/playback_url/{id}",
        "/v1/public/wrapped/{name}",
        "/v1/summary_suggestion",
        "/v1/tag_suggestion",
        "/v1/tipmenu-search",
        "/v1/user_info",
        "/v1/verify_account",
        "/v1/wrapped/{id}",
      ]);
      expect(doc.paths["/api/streams"].get.parameters).toEqual([
        {
          name: "modelName",
          in: "query",
          required: true,
          schema: expect.objectContaining({ type: "string", maxLength: 64 }),
        },
      ]);
      expect(
        doc.paths["/api/stream_details"].get.parameters.map((p: { name: string; required: boolean }) => [
          p.name,
          p.required,
        ]),
      ).toEqual([
        ["modelName", true],
        ["streamId", false],
      ]);
      expect(doc.paths["/v1/wrapped/{id}"].get.parameters[0]).toMatchObject({
        name: "id",
        in: "path",
        required: true,
      });
      expect(doc.paths["/v1/name-checker"].post.requestBody.content["application/json"].schema).toMatchObject(
        {
          properties: { name: expect.objectContaining({ type: "string" }) },
          required: ["name"],
        },
      );
      expect(
        doc.paths["/v1/list_image/{id}"].post.requestBody.content["multipart/form-data"].schema,
      ).toMatchObject({ required: ["image"], properties: { image: { type: "string" } } });
      expect(doc.paths["/v1/list_image/{id}"].delete.parameters[0]).toMatchObject({ name: "id", in: "path" });
      expect(doc.paths["/api/traffic"].get.responses["400"].content["application/json"].schema).toEqual({
        $ref: "#/components/schemas/Error",
      });
      // Each documented call is a route the app really has.
      for (const route of API_DOCS) {
        const url = route.path.replace(/\{(\w+)\}/g, ":$1");
        expect(
          app.hasRoute({ method: route.method.toUpperCase() as "GET" | "POST" | "DELETE", url }),
          `${route.method} ${url}`,
        ).toBe(true);
      }
    } finally {
      await app.close();
    }
  });
});
