import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

/** Flags that keep Chromium quiet on a machine with no outside network. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** A fresh Chromium profile per call, so every test starts signed out with nothing stored. */
export async function openBrowser({
  viewport = { width: 1280, height: 800 },
  colorScheme = 'light',
}: BrowserOptions = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-profile-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    baseURL: baseURL(),
    viewport,
    colorScheme,
  });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    /** Uncaught errors seen in any page of this browser. */
    errors,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Serious and critical axe violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}
