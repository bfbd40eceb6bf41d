/**
 * Cache-Control of an endpoint's successful anonymous answer, from the policy its contract declares
 * (src/contract/endpoint.ts `cache`). registerEndpoint writes it; no handler does.
 */
import type { CachePolicy } from '../../contract/endpoint.ts';

export const CACHE_CONTROL: Readonly<Record<CachePolicy, string>> = {
  // ADR 001: a CDN keeps lists and details 30 s and may serve them stale while it refreshes.
  content: 'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
  reference: 'public, max-age=60, s-maxage=60',
};
