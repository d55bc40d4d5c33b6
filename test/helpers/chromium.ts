// Debian's headless Chromium as the browser tests start it: where it is, and the flags that keep it off the network.
import { existsSync } from 'node:fs';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { missingMessage } from '../../scripts/test-prerequisites.js';

/** Debian's, installed by npm test (scripts/test-prerequisites.ts). */
export const CHROMIUM = '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps trying hosts this machine cannot reach. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails with the command that installs Chromium where it is missing. */
export function assertChromium(): void {
  assert.ok(existsSync(CHROMIUM), missingMessage(CHROMIUM));
}

/** Debian's Chromium, headless and kept off the network; fails with the command that installs it where it is missing. */
export function launchChromium(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
