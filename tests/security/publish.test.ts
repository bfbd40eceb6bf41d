/**
 * Attacks on the writing desk (ADR 025; docs/security.md "The writing desk"): script in every field an
 * editor types and in pasted HTML never reaches a reader's page; picture fields take only media-store
 * addresses; a reporter cannot review or publish; nobody reviews their own story or takes two of its
 * three reviews; a story is invisible to a reporter who did not write it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleView } from '../../src/contract/publish.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createStory, newsColumn, saveStory, staffPoster, type StoryPlace } from '../support/publishDesk.ts';

const t = suiteApp();
let reporter: TestStaff;
let otherReporter: TestStaff;
let editor: TestStaff;
let chief: TestStaff;
let place: StoryPlace;

beforeAll(async () => {
  // One after another: each enrolment uses a fresh TOTP step.
  reporter = await createTestStaff(t, 'reporter');
  otherReporter = await createTestStaff(t, 'reporter');
  editor = await createTestStaff(t, 'editor');
  chief = await createTestStaff(t, 'chief');
  place = await newsColumn(t);
});

const post = staffPoster(t);

const SCRIPT = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(1)>';

/** What an editor pastes from Word, WPS and web pages, hostile bits included. */
const PASTED = [
  '<figure><img src="/media/seed/a.png" alt="江景"><figcaption>江景 <b>夜色</b></figcaption></figure>',
  '<p class="MsoNormal" style="mso-line-height-rule:exactly;background:url(javascript:alert(1))">市民<o:p></o:p></p>',
  '<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]-->',
  '<style>p{color:red}</style>',
  SCRIPT,
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">点此</a>',
  '<a href="JaVaScRiPt:alert(1)">点此</a>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload="alert(1)"></svg>',
  '<iframe src="https://evil.example/x"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="https://evil.example"><input name="p"><button>提交</button></form>',
  '<p onclick="alert(1)" data-x="1">正文段落，足够长的文字。</p>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  // Last: the parser swallows what follows this mutation trick (and the sanitiser then drops it).
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
].join('');

function assertClean(html: string): void {
  expect(html).not.toMatch(/<script|onerror|onload|onclick|javascript:|<style|<iframe|<form|<input|<object|<embed|<meta|srcdoc|mso-|<o:p|data-x/i);
}

describe('script in every editor field and in pasted HTML', () => {
  it('is cleaned at save and never reaches the reader', async () => {
    const created = await createStory(t, reporter);
    // Each payload fits its field's length, so it is the cleaning that is tested, not the length check.
    const text = (label: string) => `${label}${SCRIPT}${BREAKOUT}`;
    const short = (label: string) => `${label}<img src=x onerror=alert(1)>`;
    const fields = {
      title: text('标题'),
      smallText: text('摘要'),
      befrom: short('来源'),
      writer: short('作者'),
      execEditor: short('责编'),
      finalEditor: short('终审'),
      label: '<b>',
      topTitle: short('置顶'),
      keyboard: ['<b>独家</b>', '<i>x</i>'],
      region: '<svg/onload=alert()>',
      disclaimer: text('声明'),
      isTop: true,
      channelId: place.channelId,
      classId: place.classId,
    };
    const saved = await saveStory(t, reporter, created, fields, PASTED);
    expect(saved.statusCode, saved.message).toBe(200);
    assertClean(saved.data.content);
    expect(saved.data.content).toContain('<figcaption>江景 <b>夜色</b></figcaption>');
    for (const [key, value] of Object.entries(saved.data.fields)) {
      if (typeof value === 'string') expect(value, key).not.toMatch(/<[a-z!/]|onerror/i);
      if (Array.isArray(value)) for (const v of value) expect(v, key).not.toMatch(/<[a-z!/]|onload/i);
    }
    // Tags dropped, the text kept (the pages escape what is left).
    expect(saved.data.fields.title).toBe('标题alert(1)">');

    const published = await post<ArticleView>(chief, '/publish/publish', { id: created.id });
    expect(published.statusCode, published.message).toBe(200);
    const detail = await envelope<{ title: string; originNewstext: string; writer: string }>(
      await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${published.data.newsId}`),
    );
    assertClean(detail.data.originNewstext);
    expect(detail.data.title).not.toContain('<');
    expect(detail.data.writer).not.toContain('<');
  });

  it('picture fields take only addresses of the media store', async () => {
    const created = await createStory(t, reporter);
    for (const bad of [
      'javascript:alert(1)',
      'https://evil.example/a.png',
      '/media/../secrets',
      '//evil.example/a.png',
      'data:image/svg+xml,<svg onload=alert(1)>',
    ]) {
      const res = await saveStory(t, reporter, created, { covers: [bad] });
      expect(res.res.status, bad).toBe(400);
      expect(res.message).toMatch(/图片/);
      const pic = await saveStory(t, reporter, created, { befromPic: bad });
      expect(pic.res.status, bad).toBe(400);
    }
  });
});

describe('who may do what', () => {
  it('a reporter cannot review, publish or withdraw (403 无权操作)', async () => {
    for (const path of ['/publish/review', '/publish/publish', '/publish/withdraw']) {
      const res = await post(reporter, path, { id: 1, decision: 'approve', note: '通过通过' });
      expect(res.res.status).toBe(403);
      expect(res.message).toBe('无权操作');
    }
  });

  it('an editor cannot review their own story, nor take two of its three reviews', async () => {
    const created = await createStory(t, editor);
    const fields = { title: '两江新区发布人才新政十条', channelId: place.channelId, classId: place.classId };
    await saveStory(t, editor, created, fields, '<p>新政涵盖住房、子女入学与创业补贴等方面。</p>');
    expect((await post(editor, '/publish/submit', { id: created.id })).statusCode).toBe(200);
    const own = await post(editor, '/publish/review', { id: created.id, decision: 'approve' });
    expect(own.message).toBe('不能审核自己写的稿件');
    await post(chief, '/publish/review', { id: created.id, decision: 'approve' });
    const second = await post(chief, '/publish/review', { id: created.id, decision: 'approve' });
    expect(second.message).toMatch(/三位不同的人/);
  });

  it("a reporter cannot open, save or submit another reporter's story", async () => {
    const created = await createStory(t, reporter);
    const open = await consoleCall(t, 'GET', `/publish/article?id=${created.id}`, undefined, otherReporter.headers);
    expect(open.message).toBe('稿件不存在');
    const save = await saveStory(t, otherReporter, created, { title: '冒名修改他人稿件标题' });
    expect(save.message).toBe('稿件不存在');
    expect((await post(otherReporter, '/publish/submit', { id: created.id })).message).toBe('稿件不存在');
  });
});

describe('corrections and the breaking-news push', () => {
  async function publishedStory(): Promise<ArticleView> {
    const created = await createStory(t, chief);
    const fields = { title: '两江新区新开通三条公交线路', smallText: '三条线路串起悦来、礼嘉与照母山。', channelId: place.channelId, classId: place.classId };
    await saveStory(t, chief, created, fields, '<p>记者从两江新区获悉，三条公交线路今日开通。</p>');
    const published = await post<ArticleView>(chief, '/publish/publish', { id: created.id });
    expect(published.statusCode, published.message).toBe(200);
    return published.data;
  }

  it('script in a correction note reaches readers as plain text (P11)', async () => {
    const story = await publishedStory();
    const res = await post(chief, '/publish/correct', { id: story.id, key: randomUUID(), note: `${SCRIPT}原稿线路数量有误，特此更正${BREAKOUT}` });
    expect(res.statusCode, res.message).toBe(200);
    const detail = await envelope<{ corrections: { note: string }[] }>(
      await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${story.newsId}`),
    );
    const note = detail.data.corrections[0]!.note;
    expect(note).not.toMatch(/<|onerror/);
    expect(note).toContain('原稿线路数量有误，特此更正');
  });

  it('a reporter cannot correct; an editor cannot push; script in the push words is dropped (P11, P12)', async () => {
    const story = await publishedStory();
    expect((await post(reporter, '/publish/correct', { id: story.id, key: randomUUID(), note: '擅自更正的说明' })).res.status).toBe(403);
    expect((await post(editor, '/publish/push', { id: story.id, key: randomUUID() })).res.status).toBe(403);
    expect((await post(reporter, '/publish/push', { id: story.id, key: randomUUID() })).res.status).toBe(403);
    const pushed = await post<{ text: string }>(chief, '/publish/push', { id: story.id, key: randomUUID(), text: `${SCRIPT}公交新线开通` });
    expect(pushed.statusCode, pushed.message).toBe(200);
    expect(pushed.data.text).toBe('alert(1)公交新线开通');
  });
});
