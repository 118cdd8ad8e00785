import { existsSync } from "node:fs";

/** Flags that work headless as root on these machines, with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * A Chromium already on the machine (CHROME_PATH, Debian's /usr/bin/chromium), else the one the
 * @sparticuz/chromium package ships inside the npm registry. Never a download from elsewhere.
 */
export async function chromiumPath(): Promise<string> {
  const candidates = [
    process.env.CHROME_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}
