/**
 * 节假日安排 on the 问政 desk (docs/adr/026-working-day-calendar.md; docs/security.md "Answering desks"): the demo
 * editor enters a holiday and a 调休 Saturday, is told in Chinese why a weekend holiday makes no sense, takes an entry
 * away and puts it back with 撤销. axe (WCAG 2.1 AA) at 1440×900 and 375×812.
 */
import { expect, test } from '@playwright/test';
import { axeReport, signInDemo } from './deskSupport.ts';

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test('节假日安排: a holiday and a 调休 day entered, a weekend holiday refused, an entry taken away and put back', async ({ browser, request }) => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
  await signInDemo(page, request, 'demo-editor');
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '节假日安排' }).click();
  await expect(page.getByRole('heading', { name: '节假日安排', level: 1 })).toBeVisible();
  const year = String(new Date().getFullYear() + 1);
  const form = page.getByRole('form', { name: '添加安排' });
  const add = async (day: string, kind: '放假' | '调休上班', note: string) => {
    await form.getByLabel('日期').fill(day);
    await form.getByRole('combobox').selectOption({ label: kind });
    await form.getByLabel('说明').fill(note);
    await form.getByRole('button', { name: '添加' }).click();
  };
  // Next year's 元旦 (a weekday or not, the desk only enters what applies): pick a weekday and a Saturday of next January.
  const firstOf = new Date(`${year}-01-01T12:00:00+08:00`);
  const weekday = [...Array(7).keys()].map((i) => new Date(firstOf.getTime() + i * 86_400_000)).find((d) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5)!;
  const saturday = [...Array(7).keys()].map((i) => new Date(firstOf.getTime() + i * 86_400_000)).find((d) => d.getUTCDay() === 6)!;
  const dayOf = (d: Date) => d.toISOString().slice(0, 10);

  await add(dayOf(weekday), '放假', '元旦');
  await expect(page.getByRole('status').filter({ hasText: `已设置 ${dayOf(weekday)} 放假` })).toBeVisible();
  await add(dayOf(saturday), '调休上班', '元旦调休');
  await expect(page.getByRole('status').filter({ hasText: `已设置 ${dayOf(saturday)} 调休上班` })).toBeVisible();
  await add(dayOf(saturday), '放假', '');
  await expect(page.getByRole('alert')).toHaveText('周末本就不上班，无需设为放假');

  await page.getByRole('tab', { name: `${year} 年` }).click();
  const list = page.getByRole('tabpanel');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('元旦');
  expect(await axeReport(page)).toEqual([]);

  await list.getByRole('button', { name: new RegExp(`^取消\\s*：${dayOf(weekday)} 的安排$`) }).click();
  await expect(page.getByRole('status').filter({ hasText: `已取消 ${dayOf(weekday)} 的放假安排` })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: /^撤销/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.setViewportSize({ width: 375, height: 812 });
  expect(await axeReport(page)).toEqual([]);
});
