/**
 * The 互动 area: the complaint platform (reads on the demo data, filing with bad input, own
 * pictures only, idempotency, rate limit, phone never public, masked names, pending visible to the author
 * only, mass assignment), the cooperation form (bad input, rate limit, idempotency), reader photos and the
 * 我的 lists (authz).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ComplaintDetail, ComplaintSummary, MyItem, ReaderPhoto } from '../../src/contract/interact.ts';
import { COMPLAINT_PLATFORMS, COMPLAINT_STATUSES } from '../../src/contract/communityRules.ts';
import * as interactEndpoints from '../../src/contract/interact.ts';
import { appConfig } from '../../src/server/db/schema/core.ts';
import { complaintEvents, complaints, cooperationRequests, readerPhotos } from '../../src/server/db/schema/community.ts';
import { COMPLAINT_REVIEW_KEY } from '../../src/server/community/service.ts';
import { envelope, suiteApp, suiteRequests, uploadTestPng } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const P = {
  complaints: interactEndpoints.complaintList.path,
  complaintDetail: interactEndpoints.complaintDetail.path,
  complaintCreate: interactEndpoints.complaintCreate.path,
  myComplaints: interactEndpoints.myComplaints.path,
  cooperation: interactEndpoints.cooperationContact.path,
  photos: interactEndpoints.photoList.path,
  photoPublish: interactEndpoints.photoPublish.path,
  myTips: interactEndpoints.myTips.path,
  myComments: interactEndpoints.myComments.path,
  myQuestions: interactEndpoints.myQuestions.path,
} as const;

const t = suiteApp();

const { get, postJson: post } = suiteRequests(() => t);

const uploadPng = (user: TestUser): Promise<string> => uploadTestPng(t, user, { width: 12, height: 8 });

const goodComplaint = (extra: Record<string, unknown> = {}) => ({
  platform: '抖音',
  shopName: '测试直播间',
  orderNo: 'DY2026110100001',
  amount: '129.50',
  problemType: '货不对板',
  content: `直播间展示的是真皮包，收到的是人造革，边缘已经开胶。${Math.random()}`,
  demand: '全额退款',
  contactPhone: '138 0013 8000',
  ...extra,
});

describe('complaint reads', () => {
  it('lists at least 20 demo complaints across every platform family and status, names masked, no phone', async () => {
    const all: ComplaintSummary[] = [];
    for (let page = 1; page < 10; page++) {
      const res = await get<ComplaintSummary[]>(`${P.complaints}?page=${page}&pageSize=10`);
      expect(res.statusCode).toBe(200);
      if (res.data.length === 0) break;
      all.push(...res.data);
    }
    expect(all.length).toBeGreaterThanOrEqual(20);
    for (const s of COMPLAINT_STATUSES)
      expect(
        all.some((c) => c.status === s),
        s,
      ).toBe(true);
    expect(new Set(all.map((c) => c.platform)).size).toBeGreaterThanOrEqual(6);
    for (const c of all) expect(c.nickname).toMatch(/^.\*{1,3}$/u);
    expect(JSON.stringify(all)).not.toMatch(/1[3-9]\d{9}/);
  });

  it('filters by platform and status and searches', async () => {
    const byPlatform = await get<ComplaintSummary[]>(`${P.complaints}?platform=${encodeURIComponent('快手')}&pageSize=30`);
    expect(byPlatform.data.length).toBeGreaterThan(0);
    expect(byPlatform.data.every((c) => c.platform === '快手')).toBe(true);
    const refused = await get<ComplaintSummary[]>(`${P.complaints}?status=refused&pageSize=30`);
    expect(refused.data.length).toBeGreaterThan(0);
    expect(refused.data.every((c) => c.statusText === '不予受理')).toBe(true);
    const search = await get<ComplaintSummary[]>(`${P.complaints}?keyword=${encodeURIComponent('花椒')}`);
    expect(search.data.map((c) => c.shopName)).toContain('江津花椒直供');
    // LIKE wildcards are text: '%' finds the one complaint that mentions '45% 涤纶', '_' finds none.
    expect((await get<ComplaintSummary[]>(`${P.complaints}?keyword=${encodeURIComponent('%')}`)).data.map((c) => c.shopName)).toEqual(['荣昌夏布工坊']);
    expect((await get<ComplaintSummary[]>(`${P.complaints}?keyword=_`)).data).toEqual([]);
  });

  it.each([
    ['platform=微博', '平台不正确'],
    ['status=done', '状态不正确'],
    [`keyword=${'长'.repeat(31)}`, '搜索词不能超过 30 个字'],
    ['page=0', '页码从 1 开始'],
  ])('refuses %s with a Chinese message', async (query, message) => {
    const res = await get(`${P.complaints}?${encodeURI(query)}`);
    expect(res.statusCode).toBe(400);
    expect(res.message).toContain(message);
  });

  it('shows a refused complaint with its reason and a completed one with the seller reply and full timeline', async () => {
    const [refused] = (await get<ComplaintSummary[]>(`${P.complaints}?status=refused`)).data;
    const d = await get<ComplaintDetail>(`${P.complaintDetail}?id=${refused!.id}`);
    expect(d.data.refuseReason).not.toBe('');
    expect(d.data.timeline.map((s) => s.statusText)).toEqual(['已提交', '不予受理']);
    expect(d.data.contactPhone).toBe('');
    const [done] = (await get<ComplaintSummary[]>(`${P.complaints}?status=completed`)).data;
    const c = await get<ComplaintDetail>(`${P.complaintDetail}?id=${done!.id}`);
    expect(c.data.timeline.map((s) => s.statusText)).toEqual(['已提交', '已受理', '处理中', '已完结']);
    expect(c.data.sellerReply).not.toBe('');
    expect(c.data.orderNo).not.toMatch(/^[A-Z]{2}\d{10,}$/);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await get(`${P.complaintDetail}?id=999999`)).statusCode).toBe(404);
    expect((await get(`${P.complaintDetail}?id=1e3`)).statusCode).toBe(400);
  });
});

describe('filing a complaint', () => {
  it('needs a login', async () => {
    expect((await post(P.complaintCreate, goodComplaint())).statusCode).toBe(301);
  });

  it.each([
    [{ platform: '微博' }, '请选择直播平台'],
    [{ shopName: '   ' }, '店铺或主播名称不能为空'],
    [{ orderNo: 'DY<script>' }, '订单号只能包含字母、数字和连字符'],
    [{ amount: '12.345' }, '金额格式不正确'],
    [{ amount: '-5' }, '金额格式不正确'],
    [{ amount: '99999999' }, '金额格式不正确'],
    [{ problemType: '不喜欢' }, '请选择问题类型'],
    [{ content: '太差了' }, '投诉经过至少 10 个字'],
    [{ content: 'x'.repeat(1001) }, '投诉经过不能超过 1000 个字'],
    [{ demand: '' }, '投诉诉求不能为空'],
    [{ contactPhone: '12345' }, '请输入正确的手机号'],
    [{ pictures: Array.from({ length: 10 }, (_, i) => `/media/x${i}.jpg`) }, '图片最多 9 张'],
  ])('refuses %j with a Chinese message and writes nothing', async (bad, message) => {
    const user = await createTestUser(t.database);
    const res = await post(P.complaintCreate, goodComplaint(bad), user.headers);
    expect(res.statusCode).toBe(400);
    expect(res.message).toContain(message);
    expect(await t.database.db.select().from(complaints).where(eq(complaints.userId, user.userId))).toEqual([]);
  });

  it('files one with own evidence, tracks it, lists it masked; the phone reaches the author only, masked', async () => {
    const user = await createTestUser(t.database, { nickname: '诸葛明亮' });
    const picture = await uploadPng(user);
    const body = goodComplaint({ pictures: [picture], platform: '视频号', shopName: '诸葛测试小店' });
    const res = await post<ComplaintDetail>(P.complaintCreate, body, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.data.status).toBe('submitted');
    expect(res.data.timeline.map((s) => s.statusText)).toEqual(['已提交']);
    expect(res.data.contactPhone).toBe('138****8000');
    expect(res.data.pictures).toEqual([picture]);
    const mine = await get<ComplaintDetail>(`${P.complaintDetail}?id=${res.data.id}`, user.headers);
    expect(mine.data.orderNo).toBe('DY2026110100001');
    const publicView = await get<ComplaintDetail>(`${P.complaintDetail}?id=${res.data.id}`);
    expect(publicView.data.contactPhone).toBe('');
    expect(publicView.data.orderNo).toBe('DY20****0001');
    expect(JSON.stringify(publicView)).not.toContain('13800138000');
    const listed = await get<ComplaintSummary[]>(`${P.complaints}?keyword=${encodeURIComponent('诸葛测试小店')}`);
    expect(listed.data.map((c) => c.nickname)).toEqual(['诸***']);
    const my = await get<MyItem[]>(P.myComplaints, user.headers);
    expect(my.data[0]!.state).toBe('已提交');
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, res.data.id));
    expect(row!.amountFen).toBe(12950);
    expect(row!.contactPhone).toBe('13800138000');
  });

  it("refuses another reader's picture and outside URLs", async () => {
    const owner = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const picture = await uploadPng(owner);
    for (const pictures of [[picture], ['https://evil.example/a.jpg']]) {
      const res = await post(P.complaintCreate, goodComplaint({ pictures }), other.headers);
      expect(res.statusCode).toBe(400);
    }
  });

  it('ignores mass-assigned status, reply and user fields', async () => {
    const user = await createTestUser(t.database);
    const res = await post<ComplaintDetail>(
      P.complaintCreate,
      goodComplaint({ status: 'completed', sellerReply: '已解决', userId: 1, reviewState: 'approved', refuseReason: 'x' }),
      user.headers,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, res.data.id));
    expect(row).toMatchObject({ status: 'submitted', sellerReply: '', userId: user.userId, refuseReason: '' });
  });

  it('keeps hostile text as plain text', async () => {
    const user = await createTestUser(t.database);
    const content = '<img src=x onerror=alert(1)> 主播说是真皮，收到是人造革';
    const res = await post<ComplaintDetail>(P.complaintCreate, goodComplaint({ content }), user.headers);
    expect(res.data.content).toBe(content);
  });

  it('writes one complaint for concurrent sends with one Idempotency-Key, and refuses the key for other content', async () => {
    const user = await createTestUser(t.database);
    const headers = { ...user.headers, 'idempotency-key': 'complaint-key-0001' };
    const body = goodComplaint();
    const answers = await Promise.all([1, 2, 3].map(() => post<ComplaintDetail>(P.complaintCreate, body, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const rows = await t.database.db.select().from(complaints).where(eq(complaints.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(await t.database.db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, rows[0]!.id))).toHaveLength(1);
    expect((await post(P.complaintCreate, goodComplaint(), headers)).statusCode).toBe(422);
    expect((await post(P.complaintCreate, goodComplaint(), { ...user.headers, 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
  });

  it('refuses the same complaint twice without a key, and a second filing within a minute', async () => {
    const user = await createTestUser(t.database);
    const body = goodComplaint();
    expect((await post(P.complaintCreate, body, user.headers)).statusCode).toBe(200);
    expect((await post(P.complaintCreate, body, user.headers)).message).toBe('请勿重复提交相同的投诉');
    expect((await post(P.complaintCreate, goodComplaint(), user.headers)).statusCode).toBe(429);
  });

  it('keeps a complaint pending when review is on: visible to its author only', async () => {
    await t.database.db
      .insert(appConfig)
      .values({ key: COMPLAINT_REVIEW_KEY, value: true })
      .onConflictDoUpdate({ target: appConfig.key, set: { value: true } });
    try {
      const user = await createTestUser(t.database);
      const other = await createTestUser(t.database);
      const res = await post<ComplaintDetail>(P.complaintCreate, goodComplaint({ shopName: '待审核小店' }), user.headers);
      expect(res.data.reviewState).toBe('pending');
      expect(res.message).toContain('审核');
      expect((await get(`${P.complaintDetail}?id=${res.data.id}`, other.headers)).statusCode).toBe(404);
      expect((await get(`${P.complaintDetail}?id=${res.data.id}`, user.headers)).statusCode).toBe(200);
      expect((await get<ComplaintSummary[]>(`${P.complaints}?keyword=${encodeURIComponent('待审核小店')}`)).data).toEqual([]);
      const mine = (await get<MyItem[]>(P.myComplaints, user.headers)).data[0]!;
      expect(mine.state).toBe('审核中');
      // The tracking page opens for its author (marked 审核中, OwnItemPreview); nobody else sees it.
      expect(mine.href).toBe(`/Complaints-platform/detail?id=${res.data.id}`);
    } finally {
      await t.database.db.delete(appConfig).where(eq(appConfig.key, COMPLAINT_REVIEW_KEY));
    }
  });
});

describe('the cooperation form', () => {
  const good = (extra: Record<string, unknown> = {}) => ({
    name: '刘经理',
    company: '重庆某某文旅公司',
    phone: '13912345678',
    need: `想在国庆期间投放开屏广告 ${Math.random()}`,
    kind: 'ad',
    ...extra,
  });

  it.each([
    [{ name: '' }, '联系人不能为空'],
    [{ company: 'x'.repeat(51) }, '公司或机构不能超过 50 个字'],
    [{ phone: '02312345678' }, '请输入正确的手机号'],
    [{ need: '广告' }, '合作需求至少 5 个字'],
    [{ kind: 'spam' }, '合作类型不正确'],
  ])('refuses %j with a Chinese message and stores nothing', async (bad, message) => {
    const before = (await t.database.db.select().from(cooperationRequests)).length;
    const res = await post(P.cooperation, good(bad), { 'x-forwarded-for': '203.0.113.50' });
    expect(res.statusCode).toBe(400);
    expect(res.message).toContain(message);
    expect((await t.database.db.select().from(cooperationRequests)).length).toBe(before);
  });

  it('stores a message once per Idempotency-Key and confirms', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.51', 'idempotency-key': 'coop-key-000001' };
    const body = good();
    const answers = await Promise.all([post<{ id: number }>(P.cooperation, body, headers), post<{ id: number }>(P.cooperation, body, headers)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.data.id).toBe(answers[1]!.data.id);
    expect(answers[0]!.message).toContain('2 个工作日');
    expect(await t.database.db.select().from(cooperationRequests).where(eq(cooperationRequests.clientKey, 'coop-key-000001'))).toHaveLength(1);
  });

  it('limits one address to 3 messages an hour', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.52' };
    for (let i = 0; i < 3; i++) expect((await post(P.cooperation, good({ phone: `1391234000${i}` }), headers)).statusCode).toBe(200);
    expect((await post(P.cooperation, good({ phone: '13912340009' }), headers)).statusCode).toBe(429);
  });
});

describe('reader photos and the 我的 lists', () => {
  it('lists demo photos with author and likes; a reader publishes an own upload', async () => {
    const list = await get<ReaderPhoto[]>(`${P.photos}?pageSize=20`);
    expect(list.data.length).toBeGreaterThanOrEqual(12);
    expect(list.data.every((p) => p.nickname !== '' && p.like >= 0 && p.url.endsWith('.jpg'))).toBe(true);
    const user = await createTestUser(t.database);
    const url = await uploadPng(user);
    const res = await post<ReaderPhoto>(P.photoPublish, { url, caption: '  洪崖洞的夜  ', userId: 1, likeNum: 999 }, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ caption: '洪崖洞的夜', like: 0, belongMyself: 1, width: 12, height: 8 });
    expect((await post(P.photoPublish, { url, caption: '又一次' }, user.headers)).statusCode).toBe(100);
    const other = await createTestUser(t.database);
    expect((await post(P.photoPublish, { url, caption: '别人的' }, other.headers)).statusCode).toBe(400);
    expect((await post(P.photoPublish, { url: '/media/interact/photo-1.jpg', caption: '种子图' }, other.headers)).statusCode).toBe(400);
    const tips = await get<MyItem[]>(P.myTips, user.headers);
    expect(tips.data.map((i) => i.text)).toEqual(['洪崖洞的夜']);
    expect(await t.database.db.select().from(readerPhotos).where(eq(readerPhotos.userId, other.userId))).toEqual([]);
  });

  it('我的爆料 lists the reader’s tips to the newsroom too, newest first, with their state', async () => {
    const user = await createTestUser(t.database);
    const url = await uploadPng(user);
    expect((await post(P.photoPublish, { url, caption: '解放碑的早晨' }, user.headers)).statusCode).toBe(200);
    const sent = await post<{ id: number }>(
      '/v1/bangbang/baoliao/add',
      { content: '石桥铺转盘有一处井盖松动，车开过去哐哐响。', place: '九龙坡区石桥铺' },
      user.headers,
    );
    expect(sent.statusCode).toBe(200);
    const mine = await get<MyItem[]>(P.myTips, user.headers);
    expect(mine.data.map((i) => i.title)).toEqual(['爆料 · 九龙坡区石桥铺', '读者拍客']);
    const tip = mine.data[0]!;
    expect(tip.text).toContain('井盖松动');
    // Published at once (or 审核中 when the board reviews first): either way the reader sees where it stands.
    expect(['已收到', '审核中']).toContain(tip.state);
    // Another reader's 我的爆料 does not show it.
    const other = await createTestUser(t.database);
    expect((await get<MyItem[]>(P.myTips, other.headers)).data).toEqual([]);
  });

  it.each([P.myComments, P.myQuestions, P.myTips, P.myComplaints])('%s needs a login and never caches', async (path) => {
    expect((await get(path)).statusCode).toBe(301);
    const user = await createTestUser(t.database);
    const res = await t.app.request(path, { headers: user.headers });
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect((await envelope<MyItem[]>(res)).data).toEqual([]);
  });

  it('lists only the platforms the form offers', () => {
    expect(COMPLAINT_PLATFORMS).toContain('抖音');
  });
});

describe('registration needs consent to the user agreement and the privacy policy', () => {
  it.each<Record<string, string>>([{}, { agree: '0' }, { agree: 'false' }])('refuses %j before anything else', async (extra) => {
    const body = new URLSearchParams({ phone: '13700137000', code: '123456', password: 'a long enough secret', ...extra });
    const res = await envelope(
      await t.app.request('/v1/user/register', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.message).toContain('请阅读并同意《用户协议》和《隐私政策》');
  });
});
