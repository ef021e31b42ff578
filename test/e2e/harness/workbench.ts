/**
 * Headless Debian Chromium driven by playwright-core (pinned in package.json to the Playwright release built for
 * Debian's Chromium), showing code-server's workbench. Answers the extension host's questions about what is on
 * screen: Problems panel rows, status bar items, texts of elements, screenshots; and types keys for them.
 */
import * as fs from 'fs';
import * as path from 'path';
import { chromium, BrowserContext, Page } from 'playwright-core';
import { ProblemRow, StatusBarEntry, UiRequest } from './channel';

/** Flags the machine needs: no sandbox as root, and no background traffic to a network that refuses it. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Workbench {
  readonly page: Page;
  answer(req: UiRequest): Promise<unknown>;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openWorkbench(url: string, profileDir: string, artifactsDir: string): Promise<Workbench> {
  const executablePath = process.env.PUNCTEME_E2E_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`${executablePath} not found: run scripts/e2e/setup.sh (installs Debian's chromium)`);
  }
  const context: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // code-server serves the first page slowly on a busy 2-core machine (30 s, Playwright's default, was seen to run out
  // twice while other jobs held the cores): allow two minutes, far inside the run's own deadline.
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });

  const screenshot = async (name: string) => {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const file = path.join(artifactsDir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
    await page.screenshot({ path: file });
    return file;
  };

  const problems = async (): Promise<ProblemRow[]> => {
    const rows = page.locator('.markers-panel .monaco-list-row');
    // The panel renders asynchronously after it is opened; give it a moment to show its first row.
    await rows.first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
    const texts = await rows.allInnerTexts();
    const labels = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    return texts.map((text, i) => ({ text: text.trim(), ariaLabel: labels[i] ?? '' }));
  };

  const statusBar = async (): Promise<StatusBarEntry[]> => {
    const items = page.locator('.statusbar-item');
    const texts = await items.allInnerTexts();
    const attrs = await items.evaluateAll((els) =>
      els.map((el) => ({
        id: el.id,
        ariaLabel: el.querySelector('[aria-label]')?.getAttribute('aria-label') ?? el.getAttribute('aria-label') ?? '',
      })),
    );
    return texts.map((text, i) => ({ text: text.trim(), ...attrs[i] }));
  };

  return {
    page,
    screenshot,
    async answer(req) {
      switch (req.kind) {
        case 'problems':
          return problems();
        case 'statusBar':
          return statusBar();
        case 'texts':
          return page.locator(req.selector).allInnerTexts();
        case 'screenshot':
          return screenshot(req.name);
        case 'press':
          await page.keyboard.press(req.keys);
          return null;
        case 'click': {
          const target = page.locator(req.selector).first();
          if (!(await target.count())) return false;
          await target.click();
          return true;
        }
      }
    },
    close: () => context.close(),
  };
}
