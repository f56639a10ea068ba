import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

let browser: Browser | undefined;

/** One headless Debian Chromium per journey file (playwright-core never downloads a browser). */
export async function launch(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export interface NewPageOptions {
  theme?: 'dark' | 'light';
  language?: string;
  /** Host for the platform label (uk.localhost …); defaults to localhost. */
  host?: string;
  /** Window size; a phone is { width: 390, height: 844 }. Defaults to 1366 x 860. */
  viewport?: { width: number; height: number };
}

/** A fresh context (own storage) with language/theme preset in local storage when asked. */
export async function newPage(opts: NewPageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const b = await launch();
  const context = await b.newContext({
    viewport: opts.viewport ?? { width: 1366, height: 860 },
    locale: 'en-GB',
    ...(opts.viewport && opts.viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  if (opts.theme || opts.language) {
    await context.addInitScript(
      ({ theme, language }) => {
        if (theme) localStorage.setItem('ui_theme', theme);
        if (language) localStorage.setItem('ui_language', language);
      },
      { theme: opts.theme, language: opts.language },
    );
  }
  const page = await context.newPage();
  // Long enough for a first screen on a loaded 2-core machine; a journey waits for what a user waits for.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** Saves a full-page screenshot as a test artifact (e2e/artifacts/NAME.png). */
export async function shot(page: Page, name: string): Promise<string> {
  const file = join(artifacts, `${name}.png`);
  // A full-page capture draws the fixed parts (header, menu) where the window is scrolled to, so a
  // shot taken after a click lower down showed the header across the middle of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const url = (path: string) => new URL(path, baseUrl).toString();
