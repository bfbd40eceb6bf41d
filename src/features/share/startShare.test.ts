import { describe, expect, it } from 'vitest';
import { shareSignature } from '../../contract/share.ts';
import { SIGNATURE_PATH } from './startShare.ts';

describe('startShare', () => {
  it('calls the share signature endpoint of the contract (the browser code keeps zod out)', () => {
    expect(SIGNATURE_PATH).toBe(shareSignature.path);
    expect(shareSignature.method).toBe('GET');
  });
});
