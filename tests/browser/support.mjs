// Shared by the browser tests: serves build/site on a free loopback port and drives Debian's
// Chromium through playwright-core (which never downloads a browser of its own).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { serve } from '../../scripts/serve.mjs';
import { root } from '../node/support.mjs';

const { chromium } = createRequire(join(root, 'web/package.json'))('playwright-core');

export const artifactsDir = join(root, 'test-artifacts');

// Starts the site server and the browser; returns { url, browser, close }.
export async function startSite() {
  const server = await serve(join(root, 'build/site'), 0);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// Opens a page and waits for the app's own ready signal (WASM instantiated, first result shown).
export async function openPage(browser, url, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]');
  return { page, problems };
}

export async function screenshot(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}
