/**
 * 节假日安排 (answer.desk): the year's holidays on weekdays and the weekend days worked in their place (调休), as the
 * State Council publishes them each year. A 问政's 5 working days are counted with them (src/lib/workingDays.ts); a
 * question already accepted keeps the due time it was given.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { CALENDAR_KIND_TEXT, type CalendarDay, type CalendarKind } from '../../contract/answerDesk.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, Tabs, useAction } from '../ui.tsx';

export function WorkCalendarPage(_props: PageProps) {
  const thisYear = Number(beijingDay(Date.now()).slice(0, 4));
  const years = [thisYear, thisYear + 1].map(String);
  const [year, setYear] = useState(String(thisYear));
  const [days, setDays] = useState<CalendarDay[] | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const [undo, setUndo] = useState<CalendarDay | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    setDays(null);
    get<{ items: CalendarDay[] }>('/answer/calendar', { year })
      .then((d) => setDays(d.items))
      .catch((err: unknown) => setError(messageOf(err)));
  }, [year, setError]);

  /** After a change: the list of the year changed, if it is the one shown. */
  const show = (day: string, items: CalendarDay[]) => {
    if (day.startsWith(year)) setDays(items);
  };

  const set = (entry: { day: string; kind: CalendarKind; note: string }, done: string) =>
    action.run(async () => {
      show(entry.day, (await post<{ items: CalendarDay[] }>('/answer/calendar/set', entry)).items);
      setOk(done);
      setUndo(null);
    });

  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const entry = { day: String(form.get('day') ?? ''), kind: String(form.get('kind')) as CalendarKind, note: String(form.get('note') ?? '').trim() };
    void set(entry, `已设置 ${entry.day} ${CALENDAR_KIND_TEXT[entry.kind]}`).then(() => formEl.reset());
  };

  const remove = (d: CalendarDay) =>
    void action.run(async () => {
      show(d.day, (await post<{ items: CalendarDay[] }>('/answer/calendar/remove', { day: d.day })).items);
      setOk(`已取消 ${d.day} 的${CALENDAR_KIND_TEXT[d.kind]}安排`);
      setUndo(d);
    });

  return (
    <>
      <h1>节假日安排</h1>
      <p className="nr-hint">
        按国务院办公厅每年公布的放假安排录入：工作日放假的日子设为“放假”，周末调休上班的日子设为“调休上班”。问政的 5
        个工作日办理期限按此计算；已受理问题的期限不随之改变。
      </p>
      <Notice error={action.error} ok={ok} />
      {undo && !action.error && (
        <p>
          <button
            className="nr-button"
            type="button"
            disabled={action.busy}
            onClick={() => void set(undo, `已恢复 ${undo.day} 的${CALENDAR_KIND_TEXT[undo.kind]}安排`)}
          >
            撤销<span className="nr-visually-hidden">：恢复 {undo.day} 的安排</span>
          </button>
        </p>
      )}
      <section className="nr-panel" aria-labelledby="nr-add-day">
        <h2 id="nr-add-day">添加安排</h2>
        <form className="nr-grid-form" onSubmit={add} aria-labelledby="nr-add-day">
          <label className="nr-field">
            <span>日期</span>
            <input name="day" type="date" required min={`${thisYear}-01-01`} max={`${thisYear + 1}-12-31`} />
          </label>
          <label className="nr-field">
            <span>安排</span>
            <select name="kind" defaultValue="holiday">
              <option value="holiday">放假</option>
              <option value="workday">调休上班</option>
            </select>
          </label>
          <label className="nr-field">
            <span>说明</span>
            <input name="note" maxLength={20} placeholder="如 国庆节" />
          </label>
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            添加
          </button>
        </form>
      </section>
      <section aria-labelledby="nr-calendar-list">
        <h2 id="nr-calendar-list">已录入的安排</h2>
        <Tabs label="年份" tabs={years.map((y) => ({ id: y, label: `${y} 年` }))} current={year} onChoose={setYear} panel="nr-calendar-panel" />
        <div id="nr-calendar-panel" role="tabpanel" aria-labelledby={`nr-tab-${year}`}>
          {days === null ? (
            <p role="status">加载中…</p>
          ) : days.length === 0 ? (
            <p className="nr-empty">{year} 年还没有录入放假或调休安排：办理期限只跳过周末。</p>
          ) : (
            <ul className="nr-list">
              {days.map((d) => (
                <li key={d.day} className="nr-list__item">
                  <span>
                    <strong>
                      {d.day} {d.weekday}
                    </strong>
                    <span className={`nr-badge${d.kind === 'workday' ? ' nr-badge--warn' : ''}`}>{CALENDAR_KIND_TEXT[d.kind]}</span>
                    <span className="nr-meta">
                      {d.note ? `${d.note} · ` : ''}
                      {d.updatedBy} 录入
                    </span>
                  </span>
                  <button className="nr-button" type="button" disabled={action.busy} onClick={() => remove(d)}>
                    取消<span className="nr-visually-hidden">：{d.day} 的安排</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
