import { afterEach, describe, expect, it } from 'vitest';
import { decideChromiumInstall, findChromium } from '../../scripts/findChromium.ts';

describe('findChromium (issue 13 item 5)', () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it('prefers CHROMIUM_PATH, then the system Chromium, then Playwright’s own', () => {
    process.env.CHROMIUM_PATH = '/opt/my/chrome';
    expect(findChromium((p) => p === '/opt/my/chrome' || p === '/usr/bin/chromium', () => null)).toBe('/opt/my/chrome');
    delete process.env.CHROMIUM_PATH;
    expect(findChromium((p) => p === '/usr/bin/chromium', () => '/pw/chrome')).toBe('/usr/bin/chromium');
    expect(findChromium((p) => p === '/pw/chrome', () => '/pw/chrome')).toBe('/pw/chrome');
  });

  it('finds nothing on a machine without any Chromium (so npm test installs one)', () => {
    delete process.env.CHROMIUM_PATH;
    expect(findChromium(() => false, () => '/pw/chrome')).toBeNull();
    expect(findChromium(() => false, () => null)).toBeNull();
  });
});

describe('decideChromiumInstall', () => {
  it.each([
    ['Debian as root', { platform: 'linux', isRoot: true, hasAptGet: true }, 'apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fontconfig'],
    ['Linux without root', { platform: 'linux', isRoot: false, hasAptGet: true }, 'npx playwright install chromium'],
    ['Linux without apt-get', { platform: 'linux', isRoot: true, hasAptGet: false }, 'npx playwright install chromium'],
    ['macOS', { platform: 'darwin', isRoot: false, hasAptGet: false }, 'npx playwright install chromium'],
  ] as const)('%s → %s', (_name, machine, last) => {
    const steps = decideChromiumInstall(machine);
    const final = steps.at(-1)!;
    expect([final.command, ...final.args].join(' ')).toBe(last);
    expect(steps[0]!.say).toMatch(/installing/);
  });
});
