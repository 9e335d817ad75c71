import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's `chromium` package; `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, and quiet: no update checks, sync or other traffic of its own. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Launches the system Chromium through playwright-core (which ships no
 * browser). Fails with one line saying how to install it.
 *
 * @example
 * const browser = await launchBrowser();
 * after(() => browser.close());
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" ` +
        "(Debian) or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 15000 });
}
