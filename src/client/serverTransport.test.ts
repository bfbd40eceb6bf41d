import { afterEach, describe, expect, it } from 'vitest';
import { registerServerTransport, resolveServerTransport, SERVER_TRANSPORT_KEY } from './serverTransport.ts';

describe('resolveServerTransport', () => {
  afterEach(() => {
    registerServerTransport(undefined);
  });

  it('uses the well-known global symbol', () => {
    expect(SERVER_TRANSPORT_KEY).toBe(Symbol.for('shancheng.apiFetch'));
  });

  it.each([
    ['nothing registered', undefined, false],
    ['a non-function value', 'app', false],
    ['an object', { fetch: () => null }, false],
    ['a function', async () => new Response('{}'), true],
  ] as const)('with %s → found=%s', (_name, value, found) => {
    (globalThis as Record<symbol, unknown>)[Symbol.for('shancheng.apiFetch')] = value;
    expect(typeof resolveServerTransport() === 'function').toBe(found);
  });

  it('registerServerTransport sets and removes it', async () => {
    registerServerTransport(async () => new Response('hi'));
    const transport = resolveServerTransport();
    expect(await (await transport?.(new Request('http://in-process/x')))?.text()).toBe('hi');
    registerServerTransport(undefined);
    expect(resolveServerTransport()).toBeUndefined();
  });
});
