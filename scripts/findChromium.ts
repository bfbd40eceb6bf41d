/** Debian's Chromium (or CHROMIUM_PATH): Playwright never downloads a browser of its own here. */
import { existsSync } from 'node:fs';

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

export const CHROMIUM_MISSING =
  'No Chromium found: install it with `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium binary.';
