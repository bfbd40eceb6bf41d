/**
 * Attacks on the 裕农 home's banners (docs/security.md "Section desks"): a role without `rural.desk` (another desk's
 * staff, a merchant, a reader token) creating, editing, ordering or removing banners; a script, data or
 * protocol-relative link; a picture that is not the desk's upload; a story of another channel; forged bodies. Each
 * is refused in Chinese with nothing written, and the reader's home never links to a hostile target. The 信用村
 * households and deeds the same desk edits: other roles refused, a full name never stored, no row moved across.
 */
import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RuralHome } from '../../src/contract/rural.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { ruralBanners, ruralCreditDeeds, ruralHouseholds } from '../../src/server/db/schema/rural.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { uploadBannerPicture } from '../support/bannerDesk.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createTestUser } from '../support/testUsers.ts';

vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get } = suiteRequests(() => t);

let editor: TestStaff;
let picture: string;
let bannerId: number;
let n = 0;
const key = () => `attack-banner-${++n}-${Date.now()}`;
const snapshot = () => t.database.db.select().from(ruralBanners).orderBy(ruralBanners.id);

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor');
  picture = await uploadBannerPicture(t, '/rural/banners/picture', editor, { r: 200, g: 120, b: 30 });
  const [first] = await snapshot();
  bannerId = first!.id;
});

const writes = (): [string, Record<string, unknown>][] => [
  ['/rural/banners/save', { key: key(), title: '越权新建的轮播图', picture, newsId: 0, link: 'https://example.com/' }],
  ['/rural/banners/save', { id: bannerId, key: key(), title: '越权修改的轮播图', picture, newsId: 0, link: 'https://example.com/' }],
  ['/rural/banners/enable', { id: bannerId, enabled: false }],
  ['/rural/banners/order', { ids: [bannerId] }],
  ['/rural/banners/remove', { id: bannerId }],
  ['/rural/banners/restore', { id: bannerId }],
];

describe('rural banners: who may', () => {
  it('refuses reporters, merchants and mall operators (other desks) on every banner endpoint, writing nothing', async () => {
    const before = await snapshot();
    for (const role of ['reporter', 'department', 'mallOperator', 'moderator'] as const) {
      const who = await createTestStaff(t, role);
      expect((await consoleCall(t, 'GET', '/rural/banners', undefined, who.headers)).statusCode, `${role} GET`).toBe(403);
      expect((await consoleCall(t, 'POST', '/rural/banners/picture', { data: 'aGVsbG8gd29ybGQ=' }, who.headers)).statusCode, `${role} picture`).toBe(403);
      for (const [path, body] of writes()) expect((await consoleCall(t, 'POST', path, body, who.headers)).statusCode, `${role} POST ${path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.itemKind, 'ruralBanner')).orderBy(auditLog.id)).toEqual([]);
  });

  it('a reader token is not a console session', async () => {
    const before = await snapshot();
    const reader = await createTestUser(t.database);
    for (const [path, body] of writes()) expect((await consoleCall(t, 'POST', path, body, reader.headers)).statusCode).not.toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('a write without the session CSRF token is refused', async () => {
    const before = await snapshot();
    const { 'x-csrf-token': _csrf, ...noCsrf } = editor.headers as Record<string, string>;
    for (const [path, body] of writes()) expect((await consoleCall(t, 'POST', path, body, noCsrf)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('rural banners: what may', () => {
  it.each([
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://example.com/',
    '//evil.example/path',
    '/\\evil.example',
    '/shancheng/%2e%2e/%2e%2e/admin',
    '/other-site/page',
    'https://user:pass@example.com/',
    'https://exa mple.com/\u0000',
  ])('refuses the link %j, writing nothing', async (link) => {
    const before = await snapshot();
    const res = await consoleCall(t, 'POST', '/rural/banners/save', { key: key(), title: '恶意链接的轮播图', picture, newsId: 0, link }, editor.headers);
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toMatch(/链接|非法字符/);
    expect(await snapshot()).toEqual(before);
    // Nor through an edit.
    const edit = await consoleCall(
      t,
      'POST',
      '/rural/banners/save',
      { id: bannerId, key: key(), title: '恶意链接的轮播图', picture, newsId: 0, link },
      editor.headers,
    );
    expect(edit.statusCode).not.toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(JSON.stringify((await get<RuralHome>('/v1/yunong/home')).data.banners)).not.toMatch(/javascript|data:|vbscript/i);
  });

  it('refuses a picture that is not the desk upload, a story of another channel and forged bodies', async () => {
    const before = await snapshot();
    const [other] = await t.database.db.select({ id: news.id }).from(news).where(ne(news.channelId, 10)).limit(1);
    for (const [body, message] of [
      [{ picture: 'https://evil.example/track.png' }, '图片地址不正确'],
      [{ picture: '/media/../../etc/passwd.png' }, '图片地址不正确'],
      [{ picture: '/media/newsroom/' + 'a'.repeat(64) + '.png' }, '图片未上传成功，请重新上传'],
      [{ newsId: other!.id, link: '' }, '找不到这篇裕农稿件，请核对稿件编号'],
      [{ newsId: '1 or 1=1', link: '' }, '稿件编号须为整数'],
      [{ enabled: 'yes' }, '请选择是否显示'],
      [{ title: '<img src=x onerror=alert(1)>'.repeat(2) }, '标题不能超过 30 个字'],
      [{ sort: -1, id: 'x' }, ''],
    ] as const) {
      const res = await consoleCall(
        t,
        'POST',
        '/rural/banners/save',
        { key: key(), title: '伪造的轮播图', picture, newsId: 0, link: 'https://example.com/', ...body },
        editor.headers,
      );
      expect(res.statusCode, JSON.stringify(body)).not.toBe(200);
      expect(res.message).toContain(message);
    }
    for (const body of [{ ids: ['1; drop table rural_banners'] }, { ids: [] }, { ids: Array.from({ length: 40 }, (_, i) => i + 1) }]) {
      expect((await consoleCall(t, 'POST', '/rural/banners/order', body, editor.headers)).statusCode).not.toBe(200);
    }
    expect((await consoleCall(t, 'POST', '/rural/banners/enable', { id: 999_999, enabled: true }, editor.headers)).message).toBe('轮播图不存在或已删除');
    expect(await snapshot()).toEqual(before);
  });

  it('a title with markup is stored and shown as text', async () => {
    const title = '<b>武隆</b>高山菜';
    const res = await consoleCall<{ id: number }>(
      t,
      'POST',
      '/rural/banners/save',
      { key: key(), title, picture, newsId: 0, link: '/shancheng/yu-nong/markPage' },
      editor.headers,
    );
    expect(res.statusCode, res.message).toBe(200);
    expect((await get<RuralHome>('/v1/yunong/home')).data.banners.find((b) => b.title === title)).toBeDefined();
    await consoleCall(t, 'POST', '/rural/banners/remove', { id: res.data.id }, editor.headers);
  });
});

describe('信用村 households and deeds: who and what may', () => {
  it('refuses staff without rural.desk and reader tokens on every household and deed endpoint, writing nothing', async () => {
    const [household] = await t.database.db.select().from(ruralHouseholds).limit(1);
    const [deed] = await t.database.db.select().from(ruralCreditDeeds).limit(1);
    const bodies: [string, Record<string, unknown>][] = [
      ['/rural/households/save', { villageId: household!.villageId, key: key(), maskedName: '王*华', points: 99 }],
      ['/rural/households/save', { id: household!.id, villageId: household!.villageId, key: key(), maskedName: '王*华', points: 99 }],
      ['/rural/households/remove', { id: household!.id }],
      ['/rural/deeds/save', { householdId: household!.id, key: key(), kind: '孝老爱亲', description: '越权记下的事迹', points: 5, day: '2026-11-01' }],
      [
        '/rural/deeds/save',
        { id: deed!.id, householdId: deed!.householdId, key: key(), kind: '孝老爱亲', description: '越权改的事迹', points: 5, day: '2026-11-01' },
      ],
      ['/rural/deeds/remove', { id: deed!.id }],
    ];
    const before = [await t.database.db.select().from(ruralHouseholds), await t.database.db.select().from(ruralCreditDeeds)];
    const reader = await createTestUser(t.database);
    for (const role of ['reporter', 'department', 'mallOperator', 'moderator'] as const) {
      const who = await createTestStaff(t, role);
      expect((await consoleCall(t, 'GET', `/rural/villages/households?villageId=${household!.villageId}`, undefined, who.headers)).statusCode).toBe(403);
      for (const [path, body] of bodies) expect((await consoleCall(t, 'POST', path, body, who.headers)).statusCode, `${role} POST ${path}`).toBe(403);
    }
    for (const [path, body] of bodies) expect((await consoleCall(t, 'POST', path, body, reader.headers)).statusCode).not.toBe(200);
    expect([await t.database.db.select().from(ruralHouseholds), await t.database.db.select().from(ruralCreditDeeds)]).toEqual(before);
  });

  it('a full name (not masked) or markup never reaches the 信用村 page; a deed cannot be moved to another household', async () => {
    const [household, other] = await t.database.db.select().from(ruralHouseholds).limit(2);
    const before = await t.database.db.select().from(ruralHouseholds);
    for (const maskedName of ['王建华', '王*建华', '<script>', '王*<', ' * ']) {
      const res = await consoleCall(
        t,
        'POST',
        '/rural/households/save',
        { id: household!.id, villageId: household!.villageId, key: key(), maskedName, points: 80 },
        editor.headers,
      );
      expect(res.statusCode, maskedName).not.toBe(200);
      expect(res.message).toContain('姓名须打码');
    }
    // Another village's household is not edited through this village.
    const wrongVillage = await consoleCall(
      t,
      'POST',
      '/rural/households/save',
      { id: household!.id, villageId: household!.villageId + 1, key: key(), maskedName: '王*华', points: 80 },
      editor.headers,
    );
    expect(wrongVillage.message).toBe('农户不存在或已删除');
    expect(await t.database.db.select().from(ruralHouseholds)).toEqual(before);
    const [deed] = await t.database.db.select().from(ruralCreditDeeds).where(eq(ruralCreditDeeds.householdId, household!.id)).limit(1);
    const moved = await consoleCall(
      t,
      'POST',
      '/rural/deeds/save',
      { id: deed!.id, householdId: other!.id, key: key(), kind: deed!.kind, description: deed!.description, points: deed!.points, day: deed!.day },
      editor.headers,
    );
    expect(moved.message).toBe('信用事迹不存在或已删除');
    expect((await t.database.db.select().from(ruralCreditDeeds).where(eq(ruralCreditDeeds.id, deed!.id)))[0]!.householdId).toBe(household!.id);
  });
});
