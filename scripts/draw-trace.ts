// Draws docs/images/trace-of-a-delivery.png from a real run: `app run` with
// test/fixtures/apps/traced.js against the fake platform, exporting to a local
// OTLP receiver; one issues.opened delivery; its spans drawn as a waterfall
// and screenshot with the system Chromium.
// Run: npm run build && node --import tsx scripts/draw-trace.ts
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../test/helpers/browser.js";
import { startFakePlatform } from "../test/helpers/fake-platform.js";
import { getTestKeys } from "../test/helpers/keys.js";
import { startOtlpReceiver, type ReceivedSpan } from "../test/helpers/otlp-receiver.js";
import { sign } from "../test/helpers/sign.js";
import { spawnApp } from "../test/helpers/spawn-app.js";
import { issuesOpenedPayload, TEST_SECRET } from "../test/helpers/test-app.js";

const OUT = fileURLToPath(new URL("../docs/images/trace-of-a-delivery.png", import.meta.url));
const APP = fileURLToPath(new URL("../test/fixtures/apps/traced.js", import.meta.url));

const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, installations: [1, 2] });
const receiver = await startOtlpReceiver();
const child = await spawnApp({
  args: [APP, "--base-url", platform.url],
  env: {
    APP_ID: "1",
    PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
    WEBHOOK_SECRET: TEST_SECRET,
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_ENV: "test",
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: "greeter",
    OTEL_BSP_SCHEDULE_DELAY: "50",
  },
});
try {
  // A first delivery, for installation 2, loads the client's modules: the drawn one (installation 1) is
  // as a warm process serves it, with the token exchange its installation's first request needs.
  const deliver = async (installationId: number, id: string) => {
    const body = JSON.stringify(issuesOpenedPayload(installationId));
    await fetch(`${child.url}/api/github/webhooks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": id,
        "x-hub-signature-256": sign(TEST_SECRET, body),
      },
      body,
    });
  };
  await deliver(2, "warm-up");
  await deliver(1, "8c2a4f10-6e7d-11f0-9a3b-1f2e3d4c5b6a");
  const isDrawn = (span: ReceivedSpan) =>
    span.attributes["github.delivery_id"] === "8c2a4f10-6e7d-11f0-9a3b-1f2e3d4c5b6a";
  const spans = await receiver.waitForSpans((all) => all.some(isDrawn));
  const root = spans.find(isDrawn)!;
  const trace = spans.filter((span) => span.traceId === root.traceId);
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1100, height: 200 }, deviceScaleFactor: 1 });
  await page.setContent(render(root, trace));
  mkdirSync(new URL("../docs/images/", import.meta.url), { recursive: true });
  await page.locator("main").screenshot({ path: OUT });
  await browser.close();
  console.log(`Wrote ${OUT} (${trace.length} spans)`);
} finally {
  child.kill("SIGKILL");
  await receiver.close();
  await platform.close();
}

function render(root: ReceivedSpan, spans: ReceivedSpan[]): string {
  const ordered: Array<{ span: ReceivedSpan; depth: number }> = [];
  const visit = (span: ReceivedSpan, depth: number) => {
    ordered.push({ span, depth });
    spans
      .filter((child) => child.parentSpanId === span.spanId)
      .sort((a, b) => Number(a.startNs - b.startNs))
      .forEach((child) => visit(child, depth + 1));
  };
  visit(root, 0);
  const start = root.startNs;
  const total = Number(root.endNs - root.startNs) || 1;
  const ms = (ns: bigint) => (Number(ns) / 1e6).toFixed(1);
  const escape = (text: unknown) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const colour = (span: ReceivedSpan) => (span.kind === 3 ? "#2f81f7" : span.kind === 5 ? "#8250df" : "#1a7f37");
  const rows = ordered
    .map(({ span, depth }) => {
      const left = (Number(span.startNs - start) / total) * 100;
      const width = Math.max((Number(span.endNs - span.startNs) / total) * 100, 0.4);
      const detail =
        span.kind === 3
          ? `${escape(span.attributes["http.response.status_code"] ?? "")}${span.attributes["github.rate_limit.remaining"] !== undefined ? ` · rate limit: ${escape(span.attributes["github.rate_limit.remaining"])} left` : ""}`
          : "";
      return `<div class="row"><div class="name" style="padding-left:${depth * 18}px">${escape(span.name)}<span class="detail">${detail}</span></div>
<div class="lane"><div class="bar" style="left:${left}%;width:${width}%;background:${colour(span)}"></div><span class="ms" style="left:calc(${left + width}% + 6px)">${ms(span.endNs - span.startNs)} ms</span></div></div>`;
    })
    .join("\n");
  const attributes = Object.entries(root.attributes)
    .map(([key, value]) => `<code>${escape(key)}</code> ${escape(value)}`)
    .join(" &nbsp; ");
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;font:13px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff}
main{padding:16px 20px;width:1060px}
h1{font-size:15px;margin:0 0 4px} .meta{color:#59636e;margin-bottom:12px}
.row{display:flex;align-items:center;height:26px;border-top:1px solid #eaeef2}
.name{width:610px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-family:ui-monospace,Menlo,monospace;font-size:12px}
.detail{color:#59636e;margin-left:8px;font-family:system-ui,sans-serif}
.lane{position:relative;flex:1;height:14px;margin-right:70px}
.bar{position:absolute;height:14px;border-radius:3px}
.ms{position:absolute;top:-1px;color:#59636e;font-size:11px;white-space:nowrap}
.legend span{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 12px;vertical-align:middle}
.attrs{margin-top:12px;color:#59636e;font-size:12px} code{color:#1f2328}
</style></head><body><main>
<h1>Trace ${escape(root.traceId)} · service ${escape(root.resource["service.name"])}</h1>
<div class="meta">One delivery of <b>issues.opened</b>, ${ordered.length} spans, ${ms(root.endNs - root.startNs)} ms
<span class="legend"><span style="background:#8250df"></span>delivery<span style="background:#1a7f37"></span>handler<span style="background:#2f81f7"></span>platform request</span></div>
${rows}
<div class="attrs">${attributes}</div>
</main></body></html>`;
}
