import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING, decideChromiumInstall, ensureChromium, findChromium, type ChromiumMachine } from '../../scripts/findChromium.ts';

describe('findChromium', () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it('prefers CHROMIUM_PATH, then the system Chromium, then Playwright’s own', () => {
    process.env.CHROMIUM_PATH = '/opt/my/chrome';
    expect(
      findChromium(
        (p) => p === '/opt/my/chrome' || p === '/usr/bin/chromium',
        () => null,
      ),
    ).toBe('/opt/my/chrome');
    delete process.env.CHROMIUM_PATH;
    expect(
      findChromium(
        (p) => p === '/usr/bin/chromium',
        () => '/pw/chrome',
      ),
    ).toBe('/usr/bin/chromium');
    expect(
      findChromium(
        (p) => p === '/pw/chrome',
        () => '/pw/chrome',
      ),
    ).toBe('/pw/chrome');
  });

  it('finds nothing on a machine without any Chromium (so npm test installs one)', () => {
    delete process.env.CHROMIUM_PATH;
    expect(
      findChromium(
        () => false,
        () => '/pw/chrome',
      ),
    ).toBeNull();
    expect(
      findChromium(
        () => false,
        () => null,
      ),
    ).toBeNull();
  });
});

describe('decideChromiumInstall', () => {
  it.each([
    [
      'Debian as root',
      { platform: 'linux', isRoot: true, hasAptGet: true },
      'apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fontconfig',
    ],
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

describe('ensureChromium', () => {
  function fakeMachine(opts: { installed: boolean; failAt?: string; machine?: ChromiumMachine['machine'] }) {
    let installed = opts.installed;
    const ran: string[] = [];
    const said: string[] = [];
    const machine: ChromiumMachine = {
      find: () => (installed ? '/usr/bin/chromium' : null),
      machine: opts.machine ?? { platform: 'linux', isRoot: true, hasAptGet: true },
      run: (command, args) => {
        const line = [command, ...args].join(' ');
        ran.push(line);
        if (opts.failAt && line.includes(opts.failAt)) return 100;
        if (line.includes('install')) installed = true;
        return 0;
      },
      say: (line) => said.push(line),
    };
    return { machine, ran, said };
  }

  it('uses the Chromium that is there and installs nothing', () => {
    const { machine, ran } = fakeMachine({ installed: true });
    expect(ensureChromium({}, machine)).toBe('/usr/bin/chromium');
    expect(ran).toEqual([]);
  });

  it('installs one with apt-get as root on Debian, says so, and then finds it', () => {
    const { machine, ran, said } = fakeMachine({ installed: false });
    expect(ensureChromium({}, machine)).toBe('/usr/bin/chromium');
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fontconfig']);
    expect(said[0]).toMatch(/No Chromium found: installing/);
  });

  it('uses Playwright’s installer without root', () => {
    const { machine, ran } = fakeMachine({ installed: false, machine: { platform: 'linux', isRoot: false, hasAptGet: true } });
    expect(ensureChromium({}, machine)).toBe('/usr/bin/chromium');
    expect(ran).toEqual(['npx playwright install chromium']);
  });

  it('answers null (npm test then prints the one command) when the install fails, and stops at the failed step', () => {
    const { machine, ran } = fakeMachine({ installed: false, failAt: 'update' });
    expect(ensureChromium({}, machine)).toBeNull();
    expect(ran).toEqual(['apt-get update -qq']);
    expect(CHROMIUM_MISSING).toMatch(/apt-get install chromium.*npx playwright install chromium/);
  });
});
