import { describe, expect, it } from 'vitest';
import type { HostKind } from '../../bridge/detectHost.ts';
import { decidePromoBar, showsAppGuide } from './decidePromoBar.ts';

describe('decidePromoBar (spec 2.11)', () => {
  it.each<[string, boolean, number | undefined, HostKind, boolean, { show: boolean; menu: boolean; fixed: boolean }]>([
    ['home in the messenger: bar with menu', true, undefined, 'messenger', true, { show: true, menu: true, fixed: false }],
    ['home in the phone browser', true, undefined, 'browser', true, { show: true, menu: true, fixed: false }],
    ['news (3): menu', true, 3, 'messenger', true, { show: true, menu: true, fixed: false }],
    ['dataType 4: menu', true, 4, 'messenger', true, { show: true, menu: true, fixed: false }],
    ['picture (2): fixed, no menu', true, 2, 'messenger', true, { show: true, menu: false, fixed: true }],
    ['cool video (21): fixed, no menu', true, 21, 'browser', true, { show: true, menu: false, fixed: true }],
    ['live (1): neither', true, 1, 'messenger', true, { show: true, menu: false, fixed: false }],
    ['special (5): neither', true, 5, 'messenger', true, { show: true, menu: false, fixed: false }],
    ['inside the app: none', true, 3, 'app', true, { show: false, menu: false, fixed: false }],
    ['in a mini-program: none', true, 3, 'miniprogram', true, { show: false, menu: false, fixed: false }],
    ['route without ShowPromoBar: none', false, 3, 'messenger', true, { show: false, menu: false, fixed: false }],
    ['app promotion off: none', true, 3, 'messenger', false, { show: false, menu: false, fixed: false }],
  ])('%s', (_name, showPromoBar, dataType, host, appPromotion, expected) => {
    expect(decidePromoBar({ showPromoBar, dataType, host, appPromotion })).toEqual(expected);
  });
});

describe('showsAppGuide', () => {
  it.each<[HostKind, boolean, boolean]>([
    ['messenger', true, true],
    ['browser', true, true],
    ['app', true, false],
    ['miniprogram', true, false],
    ['messenger', false, false],
  ])('%s with promotion %s → %s', (host, promotion, expected) => {
    expect(showsAppGuide(host, promotion)).toBe(expected);
  });
});
