/**
 * Attacks on the wires (docs/security.md W1–W6): a feed at 127.0.0.1 or a private address (literal, by
 * name after DNS, after a redirect) is refused without the test-only allowance, and that allowance cannot
 * be turned on outside NODE_ENV=test nor open anything but loopback; XML entity declarations are refused
 * before parsing; script in a feed's items never reaches the tray or a draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleView } from '../../src/contract/publish.ts';
import type { WireFeedView, WireTray } from '../../src/contract/wires.ts';
import { parseSettings } from '../../src/settings/settings.ts';
import { createLogger } from '../../src/server/log.ts';
import { isInternalAddress } from '../../src/server/http/internalAddress.ts';
import { checkFeedUrl, fetchFeedText, loopbackAllowed, WireFetchError } from '../../src/server/wires/fetchFeed.ts';
import { parseFeedItems } from '../../src/server/wires/parseFeed.ts';
import { fetchNow } from '../../src/server/wires/service.ts';
import { suiteApp } from '../support/testApp.ts';
import { rss, startFeedServer, type FeedServer } from '../support/feedServer.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp();
let feeds: FeedServer;
let admin: TestStaff;
let editor: TestStaff;
const PRIVATE = '订阅源指向内部网络地址，已拒绝';

beforeAll(async () => {
  delete process.env.WIRES_TEST_PRIVATE_HOSTS;
  feeds = await startFeedServer();
  admin = await createTestStaff(t, 'admin');
  editor = await createTestStaff(t, 'editor');
  feeds.set('/feed.xml', { type: 'application/rss+xml', body: rss([{ guid: 'a', title: '北碚区缙云山步道开放', description: '<p>步道全长 6 公里。</p>' }]) });
});
afterAll(async () => {
  delete process.env.WIRES_TEST_PRIVATE_HOSTS;
  await feeds.close();
});

async function refusal(url: string, hosts: string[], allowLoopback = false): Promise<string> {
  try {
    await fetchFeedText(url, { allowedHosts: new Set(hosts), allowLoopback, timeoutMs: 2000 });
    return 'fetched';
  } catch (err) {
    expect(err).toBeInstanceOf(WireFetchError);
    return (err as Error).message;
  }
}

describe('SSRF: internal addresses (W1–W3)', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
  ])('%s is internal', (ip) => expect(isInternalAddress(ip)).toBe(true));
  it.each(['8.8.8.8', '172.32.0.1', '223.5.5.5', '2400:3200::1'])('%s is public', (ip) => expect(isInternalAddress(ip)).toBe(false));

  it('refuses a feed at 127.0.0.1 without the test-only allowance, before any connection', async () => {
    const before = feeds.hits('/feed.xml');
    expect(await refusal(`${feeds.origin}/feed.xml`, ['127.0.0.1'])).toBe(PRIVATE);
    expect(feeds.hits('/feed.xml')).toBe(before);
    // The same through the console: adding it is refused in Chinese, nothing is stored.
    await consoleCall(t, 'POST', '/wires/host', { host: '127.0.0.1' }, admin.headers);
    const added = await consoleCall<WireFeedView>(
      t,
      'POST',
      '/wires/feed',
      { name: '本机的源', url: `${feeds.origin}/feed.xml`, everyMinutes: 30 },
      admin.headers,
    );
    expect(added.message).toBe(PRIVATE);
    const listed = await consoleCall<{ feeds: WireFeedView[] }>(t, 'GET', '/wires/feeds', undefined, admin.headers);
    expect(listed.data.feeds).toEqual([]);
  });

  it('refuses a private address written in other ways (IPv6, mapped, in brackets)', async () => {
    for (const url of [
      'http://[::1]/feed.xml',
      'http://[::ffff:127.0.0.1]/x',
      'http://10.1.2.3/rss',
      'http://192.168.0.10/rss',
      'http://169.254.169.254/latest/meta-data/',
    ])
      expect(await refusal(url, ['::1', '::ffff:7f00:1', '10.1.2.3', '192.168.0.10', '169.254.169.254']), url).toBe(PRIVATE);
  });

  it('refuses a name that resolves to an internal address (checked after DNS, on the address connected to)', async () => {
    const before = feeds.hits('/feed.xml');
    const port = new URL(feeds.origin).port;
    expect(await refusal(`http://localhost:${port}/feed.xml`, ['localhost'])).toBe(PRIVATE);
    expect(feeds.hits('/feed.xml')).toBe(before);
  });

  it('only http(s), only allowed hosts, no credentials in the URL', async () => {
    expect(await refusal('file:///etc/passwd', [''])).toBe('订阅源只能用 http 或 https 地址');
    expect(await refusal('gopher://example.com/', ['example.com'])).toBe('订阅源只能用 http 或 https 地址');
    expect(await refusal('https://evil.example.com/feed', ['www.cqrb.cn'])).toBe('该主机不在允许的订阅源主机名单中');
    expect(() => checkFeedUrl('https://user:pw@www.cqrb.cn/feed', { allowedHosts: new Set(['www.cqrb.cn']) })).toThrow('订阅源地址不正确');
  });

  it('refuses a redirect to a private address or to a host not allowed, even with the loopback allowance on', async () => {
    feeds.set('/to-metadata', { status: 302, location: 'http://169.254.169.254/latest/meta-data/' });
    feeds.set('/to-intranet', { status: 301, location: 'http://192.168.1.1/admin' });
    feeds.set('/to-other', { status: 307, location: 'https://evil.example.com/feed' });
    feeds.set('/to-file', { status: 302, location: 'file:///etc/passwd' });
    const hosts = ['127.0.0.1', '169.254.169.254', '192.168.1.1'];
    expect(await refusal(`${feeds.origin}/to-metadata`, hosts, true)).toBe(PRIVATE);
    expect(await refusal(`${feeds.origin}/to-intranet`, hosts, true)).toBe(PRIVATE);
    expect(await refusal(`${feeds.origin}/to-other`, hosts, true)).toBe('该主机不在允许的订阅源主机名单中');
    expect(await refusal(`${feeds.origin}/to-file`, hosts, true)).toBe('订阅源只能用 http 或 https 地址');
  });

  it('the test-only allowance: off unless NODE_ENV=test, refused at start elsewhere', () => {
    expect(loopbackAllowed({ NODE_ENV: 'production', WIRES_TEST_PRIVATE_HOSTS: '1' })).toBe(false);
    expect(loopbackAllowed({ NODE_ENV: 'development', WIRES_TEST_PRIVATE_HOSTS: '1' })).toBe(false);
    expect(loopbackAllowed({ NODE_ENV: 'test' })).toBe(false);
    expect(loopbackAllowed({ NODE_ENV: 'test', WIRES_TEST_PRIVATE_HOSTS: '1' })).toBe(true);
    expect(() => parseSettings({ NODE_ENV: 'production', WIRES_TEST_PRIVATE_HOSTS: '1' })).toThrow(/WIRES_TEST_PRIVATE_HOSTS/);
  });
});

describe('XML entities (W4)', () => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><rss version="2.0"><channel><title>&lol3;</title><item><title>&lol3;</title><guid>x</guid></item></channel></rss>`;
  const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>t</title><item><title>&xxe;</title><guid>y</guid></item></channel></rss>`;
  it.each([
    ['billion laughs', laughs],
    ['an external entity', external],
    ['a DOCTYPE in lower case', laughs.replace('<!DOCTYPE', '<!doctype')],
  ])('refuses %s before parsing', (_name, text) => {
    expect(() => parseFeedItems(text)).toThrow('订阅源含有 DOCTYPE 或实体声明，已拒绝（防止实体膨胀攻击）');
  });

  it('reports such a feed in the tray in Chinese and stores nothing of it', async () => {
    process.env.WIRES_TEST_PRIVATE_HOSTS = '1';
    try {
      feeds.set('/laughs.xml', { type: 'application/rss+xml', body: laughs });
      const added = await consoleCall<WireFeedView>(
        t,
        'POST',
        '/wires/feed',
        { name: '实体膨胀的源', url: `${feeds.origin}/laughs.xml`, everyMinutes: 30 },
        admin.headers,
      );
      expect(added.statusCode, added.message).toBe(200);
      const report = await consoleCall<{ newItems: number; error: string }>(t, 'POST', '/wires/feed/fetch', { id: added.data.id }, admin.headers);
      expect(report.data).toMatchObject({ newItems: 0, error: '订阅源含有 DOCTYPE 或实体声明，已拒绝（防止实体膨胀攻击）' });
    } finally {
      delete process.env.WIRES_TEST_PRIVATE_HOSTS;
    }
  });
});

describe('script in items (W6)', () => {
  it('keeps no script, handler or javascript: link from a feed, in the tray or in a draft made of it', async () => {
    process.env.WIRES_TEST_PRIVATE_HOSTS = '1';
    try {
      feeds.set('/evil.xml', {
        type: 'application/rss+xml',
        body: rss([
          {
            guid: 'evil-1',
            link: 'javascript:alert(1)',
            title: '<script>alert(1)</script>渝北区<img src=x onerror=alert(2)>新建 3 所学校',
            description:
              '<p onclick="alert(3)">正文<script>alert(4)</script><a href="javascript:alert(5)">链接</a><img src="https://img.cqrb.cn/a.jpg" onerror="alert(6)"></p><iframe src="https://evil.example.com/"></iframe><svg><script>alert(7)</script></svg>',
            author: '<b onmouseover=alert(8)>记者</b>',
          },
        ]),
      });
      const added = await consoleCall<WireFeedView>(
        t,
        'POST',
        '/wires/feed',
        { name: '带脚本的源', url: `${feeds.origin}/evil.xml`, everyMinutes: 30 },
        admin.headers,
      );
      await fetchNow(
        t.database,
        createLogger('silent'),
        { staff: { id: admin.id, name: admin.name, role: 'admin', scopes: [] }, audit: async () => {} },
        added.data.id,
      );
      const tray = await consoleCall<WireTray>(t, 'GET', `/wires/tray?feedId=${added.data.id}`, undefined, editor.headers);
      const item = tray.data.items[0]!;
      expect(item.title).toBe('alert(1) 渝北区 新建 3 所学校');
      expect(item.link).toBe('');
      // Title, summary and author are plain text (no markup at all: shown as text, an `onmouseover=` there is words);
      // the body is HTML without script, handlers, javascript: links, frames or SVG.
      for (const text of [item.title, item.summary, item.author]) expect(text).not.toMatch(/[<>]/);
      for (const bad of ['<script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<iframe', '<svg']) expect(item.content).not.toContain(bad);
      const made = await consoleCall<{ articleId: number }>(t, 'POST', '/wires/draft', { itemId: item.id }, editor.headers);
      const story = await consoleCall<ArticleView>(t, 'GET', `/publish/article?id=${made.data.articleId}`, undefined, editor.headers);
      for (const bad of ['<script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<iframe', '<svg']) expect(story.data.content).not.toContain(bad);
      expect(story.data.content).toContain('正文');
    } finally {
      delete process.env.WIRES_TEST_PRIVATE_HOSTS;
    }
  });

  it('an editor cannot add feeds or hosts; a reporter only reads the tray', async () => {
    expect((await consoleCall(t, 'POST', '/wires/host', { host: 'www.cqrb.cn' }, editor.headers)).res.status).toBe(403);
    expect((await consoleCall(t, 'GET', '/wires/feeds', undefined, editor.headers)).res.status).toBe(403);
  });
});
