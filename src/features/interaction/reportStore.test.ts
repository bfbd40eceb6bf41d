import { describe, expect, it } from 'vitest';
import { $reportRequest, openReport } from './reportStore.ts';

describe('openReport (the report popup hydrates on request, ADR 011)', () => {
  it('puts nothing in the store when the login gate says no', () => {
    $reportRequest.set(null);
    expect(openReport({ kind: 'article', ref: { classId: 101, newsId: 1 } }, () => false)).toBe(false);
    expect($reportRequest.get()).toBeNull();
  });

  it('carries each request with a growing number, so the same target asked twice opens twice', () => {
    const submit = async () => ({ statusCode: 200, message: 'ok', data: null });
    expect(openReport({ kind: 'custom', submit }, () => true)).toBe(true);
    const first = $reportRequest.get();
    openReport({ kind: 'custom', submit }, () => true);
    const second = $reportRequest.get();
    expect(first?.target.kind).toBe('custom');
    expect(second!.seq).toBeGreaterThan(first!.seq);
  });
});
