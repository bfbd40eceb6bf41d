import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashSources, trimCspHashes } from '../../src/server/web/trimCspHashes.ts';

const h = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const STYLE_A = '.a{color:#333}';
const STYLE_B = '.b{color:#767676}';
const BOOT = 'document.documentElement.classList.add("first")';
const POLICY =
  `default-src 'self';img-src 'self' data:;object-src 'none'; script-src 'self' https://res.wx.qq.com ${h(BOOT)} ${h('other()')};` +
  ` style-src 'self' ${h(STYLE_A)} ${h(STYLE_B)} ${h('.c{}')};style-src-attr 'unsafe-inline'`;

describe('trimCspHashes', () => {
  it('keeps the hashes of the inline scripts and styles the page has, drops the others, leaves the rest alone', () => {
    const html = `<html><head><script>${BOOT}</script><style>${STYLE_A}</style></head><body><style data-x="1">${STYLE_B}</style>中文</body></html>`;
    const out = trimCspHashes(POLICY, html);
    expect(out).toBe(
      `default-src 'self';img-src 'self' data:;object-src 'none'; script-src 'self' https://res.wx.qq.com ${h(BOOT)};` +
        ` style-src 'self' ${h(STYLE_A)} ${h(STYLE_B)};style-src-attr 'unsafe-inline'`,
    );
  });

  it('does not count an external script, and hashes non-ASCII content as UTF-8', () => {
    const css = '.t::after{content:"没有更多了"}';
    const found = inlineHashSources(`<script type="module" src="/a.js">${BOOT}</script><style>${css}</style>`, new Set(['sha256']));
    expect([...found]).toEqual([h(css)]);
  });

  it('reads a page given as its UTF-8 bytes one per character (latin1) as it reads the text: same elements, same hashes', () => {
    const css = '.t::after{content:"没有更多了"}';
    const html = `<html><head><script>${BOOT}</script><style>${css}</style></head><body>中文</body></html>`;
    const bytes = Buffer.from(html, 'utf8').toString('latin1');
    const policy = `script-src 'self' ${h(BOOT)} ${h('other()')}; style-src 'self' ${h(css)} ${h('.c{}')}`;
    expect(trimCspHashes(policy, bytes, 'latin1')).toBe(`script-src 'self' ${h(BOOT)}; style-src 'self' ${h(css)}`);
    expect(trimCspHashes(policy, bytes, 'latin1')).toBe(trimCspHashes(policy, html));
    // The same content read the other way is a different key of the memo: the wrong reading would hash other bytes.
    expect([...inlineHashSources(`<style>${css}</style>`, new Set(['sha256']), 'utf8')]).toEqual([h(css)]);
  });

  it('never leaves a directive bare: with no hash used and no other source, it stays whole', () => {
    const policy = `script-src ${h('x()')}`;
    expect(trimCspHashes(policy, '<p>no scripts</p>')).toBe(policy);
  });

  it('names each algorithm’s hash of the same content, for a page read either way', () => {
    const h384 = (text: string): string => `'sha384-${createHash('sha384').update(text, 'utf8').digest('base64')}'`;
    const css = '.t::after{content:"加载中"}';
    const html = `<style>${css}</style>`;
    const policy = `style-src 'self' ${h(css)} ${h384(css)} ${h('.c{}')} ${h384('.c{}')}`;
    const expected = `style-src 'self' ${h(css)} ${h384(css)}`;
    expect(trimCspHashes(policy, html)).toBe(expected);
    expect(trimCspHashes(policy, Buffer.from(html, 'utf8').toString('latin1'), 'latin1')).toBe(expected);
  });

  it('trims right through its memos’ bounds: more policies and more inline contents than they hold, in turn and again', () => {
    const styles = Array.from({ length: 700 }, (_, i) => `.s${i}{}`);
    const policies = Array.from({ length: 80 }, (_, i) => `script-src 'self' ${h(`p${i}()`)}; style-src 'self' ${h(styles[i]!)} ${h('.c{}')}`);
    for (const round of [0, 1]) {
      policies.forEach((policy, i) => {
        // A fresh copy of the policy each time, as each render joins its own.
        expect(trimCspHashes(policy.split('').join(''), `<script>p${i}()</script><style>${styles[i]}</style>`), `round ${round}`).toBe(
          `script-src 'self' ${h(`p${i}()`)}; style-src 'self' ${h(styles[i]!)}`,
        );
      });
      const all = inlineHashSources(styles.map((css) => `<style>${css}</style>`).join(''), new Set(['sha256']));
      expect([...all]).toEqual(styles.map(h));
    }
  });

  it('leaves a policy without hashes as it is', () => {
    expect(trimCspHashes("default-src 'none'; frame-ancestors 'none'", '<style>.a{}</style>')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
