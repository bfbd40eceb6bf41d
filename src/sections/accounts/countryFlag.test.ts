import { describe, expect, it } from 'vitest';
import { countryFlag } from './countryFlag.ts';

describe('countryFlag — spec 5 "The phone input shows a fixed prefix 中国+86 when the country flag is set"', () => {
  it.each([
    ['code-login', true],
    ['register', true],
    ['find', true],
    ['bind', true],
    ['entry', false],
    ['password-login', false],
  ] as const)('%s → %s', (mode, flag) => {
    expect(countryFlag(mode)).toBe(flag);
  });
});
