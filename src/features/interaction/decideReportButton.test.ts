import { describe, expect, it } from 'vitest';
import { decideReportButton, toggleReason } from './decideReportButton.ts';

const all = ['政治敏感', '色情低俗', '谣言虚假'];

describe('decideReportButton', () => {
  it.each([
    [[], '取消'],
    [['谣言虚假'], '提交'],
    [['政治敏感', '谣言虚假'], '提交'],
  ])('with %o reads %s', (chosen, label) => {
    expect(decideReportButton(chosen)).toBe(label);
  });
});

describe('toggleReason', () => {
  it.each([
    [[], '谣言虚假', ['谣言虚假']],
    [['谣言虚假'], '政治敏感', ['政治敏感', '谣言虚假']],
    [['政治敏感', '谣言虚假'], '政治敏感', ['谣言虚假']],
  ])('%o toggling %s gives %o', (chosen, reason, next) => {
    expect(toggleReason(all, chosen, reason)).toEqual(next);
  });
});
