import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { thumbnailSvg } from "../../src/sandbox/thumbnail.ts";

/** A person's Chrome: the headless one calls itself HeadlessChrome, a crawler to isbot (SPEC §6). */
export const PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/**
 * Waits for the page's heading to read `text`: a client-side navigation changes the address first
 * and renders the new page a moment later.
 */
export const heading = (page: Page, text: string) =>
  page.getByRole("heading", { level: 1, name: text, exact: true }).waitFor();

/** The platform's image host stand-in: the sandbox's placeholder thumbnails at /ri/{username}.jpg. */
export function startImageHost(): Promise<Server> {
  const server = createServer((request, response) => {
    const name = /^\/ri\/([^/]+)\.jpg$/.exec(request.url ?? "")?.[1];
    if (name === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "image/svg+xml" }).end(thumbnailSvg(name));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The image host's origin, for PageContext.imageHost. */
/** Stops a server started for a test (the image host). */
export const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

export const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Whether the page scrolls sideways as a whole (a table may scroll inside its own box). */
export const pageOverflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

/** The text labels of the server-drawn charts (`svg.svg-line-chart`) that reach outside their chart's box. */
export const chartLabelsOutside = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    const outside = [];
    for (const svg of document.querySelectorAll("svg.svg-line-chart")) {
      const box = svg.getBoundingClientRect();
      for (const t of svg.querySelectorAll("text")) {
        const r = t.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
          outside.push(t.textContent);
      }
    }
    return outside;
  })()`);

/** What the uPlot charts of a page draw wrong: see drawnChartProblems. */
export interface DrawnChartCheck {
  /** Charts drawn (elements `.time-chart__canvas[data-drawn]`). */
  charts: number;
  /** Each y axis' labels top to bottom, by the chart's caption, to assert on. */
  yLabels: Record<string, string[]>;
  /** "caption: label …" for each label outside its chart, each repeated tick, each chart outside its figure. */
  problems: string[];
}

/**
 * Checks the uPlot charts (`.time-chart__canvas`) as drawn. Their labels are canvas text, not DOM
 * text, so each is placed the way uPlot places it, from the chart's own state (the element's
 * `uplot`, set by drawTimeChart): the axis' position, size, tick and gap, the split's position on
 * the scale, and the label's width measured in the axis' own font. A label is wrong when any part
 * of it is outside the canvas (the chart's box); a y axis is wrong when two adjacent ticks read
 * alike ("0, 1, 1, 2"); a chart is wrong when its canvas reaches outside its figure or the screen.
 */
export const drawnChartProblems = (page: Page) =>
  page.evaluate<DrawnChartCheck>(`(() => {
    const problems = [];
    const yLabels = {};
    const hosts = [...document.querySelectorAll(".time-chart__canvas[data-drawn]")];
    const measure = document.createElement("canvas").getContext("2d");
    const ratio = window.devicePixelRatio || 1;
    const screen = document.documentElement.clientWidth;
    for (const host of hosts) {
      const figure = host.closest("figure");
      const name = figure.querySelector("figcaption").textContent;
      const u = host.uplot;
      if (!u) { problems.push(name + ": no uPlot on the element"); continue; }
      const box = figure.getBoundingClientRect();
      const canvas = u.ctx.canvas.getBoundingClientRect();
      if (canvas.left < box.left - 0.5 || canvas.right > box.right + 0.5 || canvas.right > screen + 0.5)
        problems.push(name + ": the chart reaches outside its figure or the screen");
      const plot = { left: u.bbox.left / ratio, top: u.bbox.top / ratio };
      for (const axis of u.axes) {
        if (!axis.show || !axis._show || !axis._values) continue;
        const side = axis.side;
        const across = side % 2 === 0;
        measure.font = axis.font[0];
        const size = axis.font[2];
        const lineHeight = axis.font[1] * axis.lineGap / ratio;
        const tick = axis.ticks.show ? axis.ticks.size : 0;
        const base = axis._pos + (side === 0 || side === 3 ? -1 : 1) * (tick + axis.gap);
        axis._values.forEach((label, k) => {
          if (label == null) return;
          const at = u.valToPos(axis._splits[k], axis.scale) + (across ? plot.left : plot.top);
          String(label).split("\\n").forEach((line, j) => {
            if (line === "") return;
            const width = measure.measureText(line).width / ratio;
            let left, top;
            if (across) { left = at - width / 2; top = side === 2 ? base + j * lineHeight : base - size - j * lineHeight; }
            else { left = side === 3 ? base - width : base; top = at - size / 2 + j * lineHeight; }
            if (left < -0.5 || left + width > u.width + 0.5 || top < -0.5 || top + size > u.height + 0.5)
              problems.push(name + ": " + line + " outside the chart (" + Math.round(left) + ", " + Math.round(top) + ", " + Math.round(width) + " wide, chart " + u.width + "×" + u.height + ")");
          });
        });
        if (!across) {
          const labels = axis._values.map(String);
          const downwards = u.scales[axis.scale].dir === -1;
          yLabels[name] = downwards ? labels : [...labels].reverse();
          for (let k = 1; k < labels.length; k++)
            if (labels[k] === labels[k - 1]) problems.push(name + ": the tick " + labels[k] + " twice in a row");
        }
      }
    }
    return { charts: hosts.length, yLabels, problems };
  })()`);
