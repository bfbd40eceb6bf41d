import { describe, expect, it } from 'vitest';
import { reportPlatformId } from './reportPlatform.ts';

describe('reportPlatformId — spec 9 "Comment-reporting platform ids: news 0, live 1, video 0, image 2, tip 4, politics 5, QA 6"', () => {
  it.each([
    ['news', 3, undefined, 1, 0],
    ['live', 1, undefined, 601, 1],
    ['video (news video, cool video)', 21, undefined, 12, 0],
    ['image', 2, undefined, 703, 2],
    ['tip', 20, undefined, 1, 4],
    ['politics detail', 15, undefined, 1, 5],
    ['QA detail', 16, undefined, 2, 6],
    ['a bangbang politics item (classid 1)', undefined, 'bang', 1, 5],
    ['a bangbang Q&A item (classid 2)', undefined, 'bang', 2, 6],
    ['a tip (classid 4)', undefined, 'bang', 4, 4],
    ['a page with no data type (all comments)', undefined, undefined, 101, 0],
  ] as const)('%s → %i', (_name, dataType, from, classId, id) => {
    expect(reportPlatformId(dataType, { classId, from })).toBe(id);
  });
});
