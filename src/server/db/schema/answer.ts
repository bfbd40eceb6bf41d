/**
 * The answering desks (docs/security.md "Answering desks"): the units that answer readers — government
 * departments for 问政 — with their staff, and the handling of each 问政 (politics_cases: accepted by the
 * desk, assigned to a unit, handed back, given more time, replied, rated) with its timeline events. The
 * question and its official reply's HTML stay on `bang_politics`; a question with no case row is 待受理.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columnBuilders.ts';
import { bangQuestions, bangTips } from './bangbang.ts';
import { staff } from './staff.ts';

/** A unit that answers readers: a government department (kind 'department'). */
export const answerUnits = pgTable(
  'answer_units',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull().default('department'),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('answer_units_name_key').on(t.kind, t.name), check('answer_units_kind_known', sql`${t.kind} in ('department','seller')`)],
);

/** Which unit a staff member of role 部门 works for (one unit per person). */
export const answerUnitStaff = pgTable(
  'answer_unit_staff',
  {
    staffId: integer('staff_id')
      .primaryKey()
      .references(() => staff.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => answerUnits.id),
  },
  (t) => [index('answer_unit_staff_unit_idx').on(t.unitId)],
);

/**
 * The handling of one 问政 (`politicsId` = bang_politics.id). state: accepted (assigned, not yet signed
 * for), processing (the unit signed for it or asked for more time), replied, declined (不予受理, with the
 * reason the asker reads), returned (handed back to the desk: 待受理 again). `dueAt`: 5 working days after
 * acceptance, 5 more after the one extension. `rating` 1 满意, 2 不满意 (the asker's, once).
 */
export const politicsCases = pgTable(
  'politics_cases',
  {
    politicsId: integer('politics_id').primaryKey(),
    state: text('state').notNull(),
    unitId: integer('unit_id').references(() => answerUnits.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    extensionReason: text('extension_reason').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    returnedReason: text('returned_reason').notNull().default(''),
    replyPictures: jsonb('reply_pictures')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A related report on our site (the official reply's newsStruct.url), '' when none. */
    replyNewsUrl: text('reply_news_url').notNull().default(''),
    replyStaffId: integer('reply_staff_id'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    rating: integer('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('politics_cases_unit_idx').on(t.unitId, t.state, t.dueAt),
    index('politics_cases_state_idx').on(t.state, t.dueAt),
    check('politics_cases_state_known', sql`${t.state} in ('accepted','processing','replied','declined','returned')`),
    check('politics_cases_rating_known', sql`${t.rating} is null or ${t.rating} in (1, 2)`),
  ],
);

/** The steps of a 问政's handling as the asker's timeline shows them; a unit hands a question back once. */
export const politicsCaseEvents = pgTable(
  'politics_case_events',
  {
    id: serial('id').primaryKey(),
    politicsId: integer('politics_id').notNull(),
    kind: text('kind').notNull(),
    unitId: integer('unit_id'),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('politics_case_events_item_idx').on(t.politicsId, t.id),
    uniqueIndex('politics_case_events_return_once')
      .on(t.politicsId, t.unitId)
      .where(sql`${t.kind} = 'returned'`),
    check('politics_case_events_kind_known', sql`${t.kind} in ('accepted','declined','returned','extended','started','replied','rated')`),
  ],
);

/**
 * The newsroom's handling of one 爆料 tip (`tipId` = bang_tips.id; no row: new, 待处理). state: adopted (已采纳,
 * a reporter follows it up; the tipster's reward was paid in the same transaction), reported (已报道, linked
 * to the published story `newsId`), declined (未采用, with the reason the tipster reads). The primary key makes
 * adoption happen once however many clicks race; the points ledger's unique key pays it once.
 */
export const tipCases = pgTable(
  'tip_cases',
  {
    tipId: integer('tip_id')
      .primaryKey()
      .references(() => bangTips.id),
    state: text('state').notNull(),
    reporterId: integer('reporter_id').references(() => staff.id),
    reporterName: text('reporter_name').notNull().default(''),
    newsId: integer('news_id'),
    classId: integer('class_id').notNull().default(0),
    storyTitle: text('story_title').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    /** The points paid to the tipster at adoption (0 when the day's cap was reached). */
    points: integer('points').notNull().default(0),
    adoptedAt: timestamp('adopted_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tip_cases_state_idx').on(t.state, t.updatedAt), check('tip_cases_state_known', sql`${t.state} in ('adopted','reported','declined')`)],
);

/**
 * The working-day calendar's exceptions (节假日与调休): a holiday on a weekday ('holiday') or a weekend day worked
 * ('workday'), as the State Council publishes them each year and the desk enters them. Every other day is a working
 * day from Monday to Friday. The 5-working-day answer rule of 问政 counts with it (src/lib/workingDays.ts).
 */
export const workCalendar = pgTable(
  'work_calendar',
  {
    /** A Beijing calendar day, YYYY-MM-DD. */
    day: text('day').primaryKey(),
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => staff.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('work_calendar_kind_known', sql`${t.kind} in ('holiday','workday')`)],
);

/**
 * A 问答 question the desk gave to one answerer or reporter (an approved `bang_members` row that is not a 问政
 * department's account): they see it first in their 我的提问, marked 指派给我, and answer it as their
 * own account. One row per question: reassigning updates it, taking it back deletes it (docs/security.md
 * "Answering desks").
 */
export const qaAssignments = pgTable(
  'qa_assignments',
  {
    questionId: integer('question_id')
      .primaryKey()
      .references(() => bangQuestions.id),
    /** The reader account of the answerer (bang_members.user_id). */
    userId: integer('user_id').notNull(),
    assignedBy: integer('assigned_by')
      .notNull()
      .references(() => staff.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qa_assignments_user_idx').on(t.userId, t.assignedAt)],
);
