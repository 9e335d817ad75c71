import { serve, type ServerType } from "@hono/node-server";
import { expect } from "chai";
import { Hono } from "hono";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { createDefaultApp } from "../../src/apps/default.js";
import { launchBrowser } from "../helpers/browser.js";
import { createTestApp } from "../helpers/test-app.js";

const SCREENSHOTS = new URL("../.tmp/", import.meta.url);
const PACKAGE = {
  name: "issue-greeter",
  version: "1.4.2",
  description: "Greets every new issue & thanks its author <3",
};
const DOMAIN = "https://greeter.example.com";

/** Hosts the default app on 127.0.0.1:0 with a bare Hono router, as a server would. */
async function startHost(cwd: string): Promise<{ origin: string; server: ServerType }> {
  const { app } = createTestApp(undefined);
  const router = new Hono();
  await app.load(createDefaultApp({ cwd, env: { PROJECT_DOMAIN: DOMAIN } }), {
    getRouter: (path) => (path ? router.basePath(path) : router),
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: router.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ origin: `http://127.0.0.1:${info.port}`, server }),
    );
  });
}

type Visit = { page: Page; external: string[]; consoleErrors: string[] };

describe("default app in Chromium", function () {
  this.timeout(60000);
  let browser: Browser;
  let origin: string;
  let server: ServerType;
  let cwd: string;

  before(async () => {
    cwd = mkdtempSync(join(tmpdir(), "default-app-"));
    writeFileSync(join(cwd, "package.json"), JSON.stringify(PACKAGE));
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ origin, server } = await startHost(cwd));
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(cwd, { recursive: true, force: true });
  });

  /** Opens /app; every request that does not go to the host is recorded and aborted. */
  async function visit(options: BrowserContextOptions): Promise<Visit> {
    const context = await browser.newContext(options);
    const external: string[] = [];
    await context.route(
      (url) => url.origin !== origin,
      async (route) => {
        external.push(route.request().url());
        await route.abort();
      },
    );
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith("data:")) external.push(url);
    });
    const response = await page.goto(`${origin}/app`, { waitUntil: "load" });
    expect(response?.status()).to.equal(200);
    return { page, external, consoleErrors };
  }

  it("shows the name, version, description and webhook URL, fetching nothing from elsewhere", async () => {
    const { page, external, consoleErrors } = await visit({ viewport: { width: 1280, height: 860 } });
    expect(await page.title()).to.equal("issue-greeter · GitHub App");
    expect(await page.locator("h1").innerText()).to.equal("issue-greeter");
    expect(await page.locator(".version").innerText()).to.equal("v1.4.2");
    expect(await page.locator(".description").innerText()).to.equal(PACKAGE.description);
    expect(await page.locator(".url").innerText()).to.equal(`${DOMAIN}/api/github/webhooks`);
    expect(await page.locator("footer a").getAttribute("href")).to.equal(DOMAIN);
    expect(await page.locator('meta[name="viewport"]').count()).to.equal(1);
    await page.screenshot({ path: new URL("default-app.png", SCREENSHOTS).pathname, fullPage: true });
    expect(external).to.deep.equal([]);
    expect(consoleErrors).to.deep.equal([]);
    await page.context().close();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has readable contrast in the ${colorScheme} scheme`, async () => {
      const { page, external, consoleErrors } = await visit({ colorScheme, viewport: { width: 1280, height: 860 } });
      const ratios = await measureContrast(page, [
        "h1",
        ".description",
        ".steps p",
        ".version",
        ".status",
        "footer",
        "a",
        ".url",
      ]);
      for (const [selector, ratio] of Object.entries(ratios)) {
        expect(ratio, `contrast of ${selector}`).to.be.at.least(4.5);
      }
      if (colorScheme === "dark") {
        await page.screenshot({ path: new URL("default-app-dark.png", SCREENSHOTS).pathname, fullPage: true });
      }
      expect(external).to.deep.equal([]);
      expect(consoleErrors).to.deep.equal([]);
      await page.context().close();
    });
  }

  it("fits a phone screen without sideways scrolling", async () => {
    const { page, consoleErrors } = await visit({ viewport: { width: 375, height: 740 }, isMobile: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).to.be.at.most(0);
    await page.screenshot({ path: new URL("default-app-mobile.png", SCREENSHOTS).pathname, fullPage: true });
    expect(consoleErrors).to.deep.equal([]);
    await page.context().close();
  });
});

/**
 * The WCAG contrast ratio of each selector's first element: its text colour
 * against the backgrounds behind it, composited.
 */
async function measureContrast(page: Page, selectors: string[]): Promise<Record<string, number>> {
  // tsx wraps named functions in `__name(...)`, which the page lacks.
  const source = `(() => { const __name = (target) => target; return (${contrastInPage.toString()})(${JSON.stringify(selectors)}); })()`;
  return page.evaluate(source) as Promise<Record<string, number>>;
}

/** Runs in the page. */
function contrastInPage(selectors: string[]): Record<string, number> {
  type Rgba = [number, number, number, number];
  const parse = (value: string): Rgba => {
    const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
    return [r, g, b, value.startsWith("rgba") ? a : 1];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const mix = (i: 0 | 1 | 2) => top[i] * top[3] + bottom[i] * (1 - top[3]);
    return [mix(0), mix(1), mix(2), 1];
  };
  const background = (element: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let node = element; node; node = node.parentElement) {
      const layer = parse(getComputedStyle(node).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] === 1) break;
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratios: Record<string, number> = {};
  for (const selector of selectors) {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`No element matches ${selector}`);
    const back = background(element);
    const text = over(parse(getComputedStyle(element).color), back);
    const [light, dark] = [luminance(text), luminance(back)].sort((x, y) => y - x) as [number, number];
    ratios[selector] = Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
  }
  return ratios;
}
