/**
 * Spec 9 "Comment-reporting platform ids: news 0, live 1, video 0, image 2, tip 4, politics 5, QA 6", by the
 * data type of the page a comment sits on (spec 2.11 table) or, for a bangbang item's comments, by its
 * classid (1 politics, 2 Q&A, 4 a tip; spec 7.4). Spec 7.5: a live comment is reported with classId 12.
 */
export const LIVE_REPORT_CLASS_ID = 12;

const BY_DATA_TYPE: Readonly<Record<number, number>> = { 1: 1, 2: 2, 3: 0, 15: 5, 16: 6, 20: 4, 21: 0, 22: 6 };

export function reportPlatformId(dataType: number | undefined, ref: { classId: number; from?: 'bang' | 'quan' | undefined }): number {
  if (ref.from === 'bang') return ref.classId === 2 ? 6 : ref.classId === 4 ? 4 : 5;
  return dataType === undefined ? 0 : (BY_DATA_TYPE[dataType] ?? 0);
}
