/**
 * The Chromium the browser tests and the bench drive: CHROMIUM_PATH, the system's, or Playwright's own.
 * `npm test` on a machine with none installs one itself: Debian/Ubuntu as root through
 * apt-get, elsewhere through Playwright's installer; only if that fails does it stop, naming the command.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/snap/bin/chromium'];

/** Playwright's own downloaded Chromium, when `npx playwright install chromium` has run on this machine. */
function playwrightChromium(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core') as { chromium: { executablePath(): string } };
    return chromium.executablePath();
  } catch {
    return null;
  }
}

export function findChromium(exists: (path: string) => boolean = existsSync, bundled: () => string | null = playwrightChromium): string | null {
  for (const candidate of [process.env.CHROMIUM_PATH, ...SYSTEM_PATHS]) if (candidate && exists(candidate)) return candidate;
  const own = bundled();
  return own && exists(own) ? own : null;
}

export interface InstallStep {
  say: string;
  command: string;
  args: string[];
}

/** How this machine gets a Chromium: apt-get as root on Debian/Ubuntu, else Playwright's installer. */
export function decideChromiumInstall(machine: { platform: NodeJS.Platform; isRoot: boolean; hasAptGet: boolean }): InstallStep[] {
  if (machine.platform === 'linux' && machine.isRoot && machine.hasAptGet) {
    return [
      { say: 'No Chromium found: installing Debian’s chromium with apt-get (once)…', command: 'apt-get', args: ['update', '-qq'] },
      // With a CJK font: the fold rules measure Chinese text (without one Chromium draws boxes of another width).
      { say: '', command: 'apt-get', args: ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-cjk', 'fontconfig'] },
    ];
  }
  return [{ say: 'No Chromium found: installing Playwright’s Chromium (once)…', command: 'npx', args: ['playwright', 'install', 'chromium'] }];
}

export const CHROMIUM_MISSING =
  'No Chromium could be installed. Install one with `apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium binary, then run `npm test` again.';

/** What ensureChromium does to the machine; tests hand in fakes. */
export interface ChromiumMachine {
  find: () => string | null;
  machine: { platform: NodeJS.Platform; isRoot: boolean; hasAptGet: boolean };
  run: (command: string, args: string[]) => number | null;
  say: (line: string) => void;
}

function realMachine(env: NodeJS.ProcessEnv): ChromiumMachine {
  return {
    find: () => findChromium(),
    machine: { platform: process.platform, isRoot: process.getuid?.() === 0, hasAptGet: existsSync('/usr/bin/apt-get') || existsSync('/bin/apt-get') },
    run: (command, args) => spawnSync(command, args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }).status,
    say: (line) => console.log(line),
  };
}

/** Finds a Chromium, installing one when there is none; null only when the install failed too. */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env, machine: ChromiumMachine = realMachine(env)): string | null {
  const found = machine.find();
  if (found) return found;
  for (const step of decideChromiumInstall(machine.machine)) {
    if (step.say) machine.say(step.say);
    if (machine.run(step.command, step.args) !== 0) return null;
  }
  return machine.find();
}
