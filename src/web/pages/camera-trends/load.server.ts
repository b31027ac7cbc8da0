import type { PageContext } from "../../../page-context.ts";
import { cameraTrendsFileSchema } from "../../../publish/camera-trends.ts";
import { EXTRA_PATHS } from "../../../publish/paths.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { notPublishedYet } from "../../lib/page-errors.server.ts";
import { type CameraTrendsView, cameraTrendsView } from "./trend-view.ts";

/** /camera-trends[?days=]: the published year of the room mix, cut to the span asked for; 503 before it exists. */
export async function loadCameraTrends(request: Request, context: PageContext): Promise<CameraTrendsView> {
  const file = await readPublishedJson(context.publishDir, EXTRA_PATHS.cameraTrends, cameraTrendsFileSchema);
  if (file === null) throw notPublishedYet("The camera trends are on their way");
  return cameraTrendsView(file, new URL(request.url).searchParams.get("days"));
}
