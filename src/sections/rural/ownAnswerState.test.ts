import { describe, expect, it } from 'vitest';
import { ownAnswerState } from './ownAnswerState.ts';

describe('ownAnswerState', () => {
  it.each([
    [{ reviewState: 'pending', rejectReason: '' }, '你的回答审核中'],
    [{ reviewState: 'rejected', rejectReason: '用量表述不准确' }, '你的回答未通过：用量表述不准确'],
    [{ reviewState: 'rejected', rejectReason: '' }, '你的回答未通过审核'],
    [{ reviewState: 'approved', rejectReason: '' }, '你已回答'],
    [undefined, '你已回答'],
  ] as const)('reads %o as %s', (answer, text) => {
    expect(ownAnswerState(answer)).toBe(text);
  });
});
