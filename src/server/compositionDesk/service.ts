/**
 * The 作文 desk (docs/security.md "Section desks"): the section's editors read the submitted
 * essays with the reviews verified teachers wrote in the reader app, pick essays for the newspaper list
 * and for 推荐, keep an essay found copied out of the rankings with a reason its author reads, and verify
 * or withdraw a teacher with a reason the teacher reads. Each change is one transaction with its audit
 * row; each is undone by the opposite change (the console offers it right after).
 */
import { gradeLabel } from '../../contract/compositionRules.ts';
import type { ESSAY_DESK_FILTERS } from '../../contract/compositionDesk.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { DeskAudit } from '../audit/repo.ts';
import type { Database } from '../db/client.ts';
import { refuse } from '../staff/console.ts';
import {
  listDeskEssaysRepo,
  listDeskTeachersRepo,
  lockDeskEssayRepo,
  lockTeacherRepo,
  updateDeskEssayRepo,
  updateTeacherRepo,
  type DeskEssayRow,
  type DeskTeacherRow,
} from './repo.ts';

export type Audit = DeskAudit;

export const COMPOSITION_DESK_MESSAGES = {
  essayMissing: '作文不存在或已删除',
  notApproved: '作文尚未通过审核，不能选用',
  teacherMissing: '老师不存在',
} as const;

const STATE_TEXT: Record<string, string> = { pending: '审核中', approved: '已发布', rejected: '未通过' };

function essayView(e: DeskEssayRow, schoolName: string, teacherName: string) {
  return {
    id: e.id,
    title: e.title,
    studentName: e.studentName,
    gradeLabel: gradeLabel(e.grade),
    schoolName,
    teacherName,
    excerpt: [...e.content.replace(/\s+/g, ' ')].slice(0, 120).join(''),
    reviewState: e.reviewState,
    reviewStateText: STATE_TEXT[e.reviewState] ?? e.reviewState,
    score: e.score,
    reviewText: e.reviewText,
    reviewTime: e.reviewedAt ? formatBeijingTime(e.reviewedAt) : '',
    recommend: e.isRecommend,
    newspaperEdition: e.newspaperEdition,
    newspaperDate: e.newspaperDate,
    rankExcludedReason: e.rankExcludedReason,
    like: e.likeNum,
    pv: e.pv,
    createTime: formatBeijingTime(e.createdAt),
  };
}
export type DeskEssay = ReturnType<typeof essayView>;

const picks = (e: DeskEssayRow) => ({
  recommend: e.isRecommend,
  newspaperEdition: e.newspaperEdition,
  newspaperDate: e.newspaperDate,
  rankExcludedReason: e.rankExcludedReason,
});

export async function listEssays(database: Database, q: { filter: (typeof ESSAY_DESK_FILTERS)[number]; keyword: string | undefined; page: number }) {
  const rows = await listDeskEssaysRepo(database.db, { ...q, pageSize: 20 });
  return { items: rows.map((r) => essayView(r.essay, r.schoolName, r.teacherName)) };
}

/** Locks the essay, applies `change`, writes the audit row; an essay already so is answered unchanged. */
async function changeEssay(
  database: Database,
  id: number,
  audit: Audit,
  action: string,
  change: (e: DeskEssayRow) => Parameters<typeof updateDeskEssayRepo>[2] | null,
  reason?: string,
) {
  const saved = await database.write(async (tx) => {
    const before = await lockDeskEssayRepo(tx, id);
    if (!before) throw refuse(COMPOSITION_DESK_MESSAGES.essayMissing);
    const set = change(before);
    if (set === null) return before;
    const after = await updateDeskEssayRepo(tx, id, set);
    await audit(tx, { action, itemKind: 'compositionEssay', itemId: id, before: picks(before), after: picks(after), ...(reason ? { reason } : {}) });
    return after;
  });
  return picks(saved);
}

/** 推荐 (RecommendList): only a published essay can be picked; taking a pick back is always allowed. */
export function setRecommend(database: Database, input: { id: number; recommend: boolean }, audit: Audit) {
  return changeEssay(database, input.id, audit, input.recommend ? 'composition.recommend' : 'composition.unrecommend', (e) => {
    if (e.isRecommend === input.recommend) return null;
    if (input.recommend && e.reviewState !== 'approved') throw refuse(COMPOSITION_DESK_MESSAGES.notApproved);
    return { isRecommend: input.recommend };
  });
}

/** The newspaper list (NewspapersList): the edition and day it was printed; '' takes it off the list. */
export function setNewspaper(database: Database, input: { id: number; edition: string; date: string }, audit: Audit) {
  const on = input.edition !== '';
  return changeEssay(database, input.id, audit, on ? 'composition.newspaper' : 'composition.unnewspaper', (e) => {
    if (e.newspaperEdition === input.edition && e.newspaperDate === input.date) return null;
    if (on && e.reviewState !== 'approved') throw refuse(COMPOSITION_DESK_MESSAGES.notApproved);
    return { newspaperEdition: input.edition, newspaperDate: input.date };
  });
}

/** Out of the rankings (found copied) with the reason its author reads on the essay; or back in. */
export function setRankExcluded(database: Database, input: { id: number; excluded: boolean; reason: string }, audit: Audit) {
  const reason = input.excluded ? input.reason : '';
  return changeEssay(
    database,
    input.id,
    audit,
    input.excluded ? 'composition.rankExclude' : 'composition.rankRestore',
    (e) => (e.rankExcludedReason === reason ? null : { rankExcludedReason: reason }),
    input.reason || undefined,
  );
}

function teacherView(t: DeskTeacherRow, schoolName: string) {
  return { id: t.id, userId: t.userId, name: t.name, title: t.title, schoolName, verified: t.verified, verifyReason: t.verifyReason };
}

export async function listTeachers(database: Database) {
  const rows = await listDeskTeachersRepo(database.db);
  return { items: rows.map((r) => teacherView(r.teacher, r.schoolName)) };
}

/** Verifies a teacher (they may then review the essays assigned to them) or withdraws it; the teacher reads the reason. */
export async function verifyTeacher(database: Database, input: { id: number; verified: boolean; reason: string }, audit: Audit) {
  const out = await database.write(async (tx) => {
    const before = await lockTeacherRepo(tx, input.id);
    if (!before) throw refuse(COMPOSITION_DESK_MESSAGES.teacherMissing);
    if (before.verified === input.verified && before.verifyReason === input.reason) return { verified: before.verified, verifyReason: before.verifyReason };
    const after = await updateTeacherRepo(tx, input.id, { verified: input.verified, verifyReason: input.reason });
    await audit(tx, {
      action: input.verified ? 'composition.teacherVerify' : 'composition.teacherWithdraw',
      itemKind: 'compositionTeacher',
      itemId: input.id,
      before: { verified: before.verified },
      after: { verified: after.verified },
      reason: input.reason,
    });
    return { verified: after.verified, verifyReason: after.verifyReason };
  });
  return out;
}
