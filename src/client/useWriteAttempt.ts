import { useState } from 'react';
import { WriteAttempt } from './idempotencyKey.ts';

/** An island's one write attempt, made once on its first render and kept for its life (never one per render). */
export function useWriteAttempt(): WriteAttempt {
  return useState(() => new WriteAttempt())[0];
}
