import { describe, expect, it } from 'vitest';
import { canonicalPath, findRoute, routes } from './routes.ts';

describe('the route table', () => {
  it('holds every route of the spec with an example URL', () => {
    // 142 routes of the spec, plus the pages added beyond it (complaint detail and form, two documents, the 我的 lists and
    // settings), a 问政 department's public page (/BangBang/politics/department), 个人资料 (/mine/profile, ADR 018), a
    // live-commerce seller's public page (/Complaints-platform/seller) and 专家答题 (/yu-nong/expert, ADR 029).
    expect(routes.length).toBe(142 + 13);
    for (const r of routes) expect(r.example.startsWith(r.path.replace(':classId', '13'))).toBe(true);
  });

  it.each([
    ['/home/1', '/home/1'],
    ['/home/13', '/home/:classId'],
    ['/home/-100000', '/home/-100000'],
    ['/newsdetail', '/NewsDetail'],
    ['/BangBang/QA/detail', '/BangBang/QA/detail'],
  ])('finds %s as %s', (path, route) => {
    expect(findRoute(path)?.path).toBe(route);
  });

  it.each([
    ['/newsdetail', '/NewsDetail'],
    ['/HOME/13', '/home/13'],
    ['/bangbang/qa/detail', '/BangBang/QA/detail'],
    ['/NewsDetail', null],
    ['/home/13', null],
    ['/no/such/page', null],
  ])('canonical spelling of %s is %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it('gives detail pages the data type of spec 2.11', () => {
    expect(findRoute('/LiveDetail')?.meta.dataType).toBe(1);
    expect(findRoute('/PictureDetail')?.meta.dataType).toBe(2);
    expect(findRoute('/NewsDetail')?.meta.dataType).toBe(3);
    expect(findRoute('/SpecialPage')?.meta.dataType).toBe(5);
    expect(findRoute('/BangBang/QA/detail')?.meta.dataType).toBe(16);
    expect(findRoute('/CoolVideo')?.meta.dataType).toBe(21);
  });
});
