/**
 * A credit village's published households (masked names only, 王*华) and their deeds, as the reader's 信用村 page
 * shows them: add, correct or remove a household and its deeds. A removal can be undone right after (the household
 * and its deeds are written again).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { RURAL_DEED_KINDS } from '../../../contract/ruralRules.ts';
import { get, post } from '../../api.ts';
import { messageOf, useAction } from '../../ui.tsx';
import { newKey } from '../mall/download.ts';
import { UndoNotice, type Done } from './UndoNotice.tsx';

interface DeskDeed {
  id: number;
  kind: string;
  description: string;
  points: number;
  day: string;
}

interface DeskHousehold {
  id: number;
  maskedName: string;
  points: number;
  deeds: DeskDeed[];
}

type DeedFields = Omit<DeskDeed, 'id'>;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function CreditHouseholds({ villageId, households: cap, onCount }: { villageId: number; households: number; onCount: (n: number) => void }) {
  const [rows, setRows] = useState<DeskHousehold[] | null>(null);
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<{ households: DeskHousehold[] }>('/rural/villages/households', { villageId })
      .then((d) => {
        setRows(d.households);
        onCount(d.households.length);
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [villageId, round, setError, onCount]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  const saveHousehold = (fields: { maskedName: string; points: number }, was: DeskHousehold | null) =>
    void action.run(async () => {
      const saved = await post<{ id: number }>('/rural/households/save', { ...(was ? { id: was.id } : {}), villageId, key: newKey(), ...fields });
      reload();
      setDone(
        was
          ? { message: `${fields.maskedName}：已保存`, undo: () => saveHousehold({ maskedName: was.maskedName, points: was.points }, { ...was, ...fields }) }
          : { message: `已新增农户 ${fields.maskedName}`, undo: () => removeHousehold({ id: saved.id, ...fields, deeds: [] }) },
      );
    });

  const removeHousehold = (h: DeskHousehold) =>
    void action.run(async () => {
      await post('/rural/households/remove', { id: h.id });
      reload();
      setDone({ message: `已删除农户 ${h.maskedName}${h.deeds.length > 0 ? `及其 ${h.deeds.length} 条信用事迹` : ''}`, undo: () => restoreHousehold(h) });
    });

  // Undo of a removal: the household and its deeds written again (new rows, the same figures). Each deed moves the
  // points again as it is written (ADR 033), so the household's points are set back to what they were last.
  const restoreHousehold = (h: DeskHousehold) =>
    void action.run(async () => {
      const fields = { villageId, maskedName: h.maskedName, points: h.points };
      const made = await post<{ id: number }>('/rural/households/save', { ...fields, key: newKey() });
      for (const d of h.deeds)
        await post('/rural/deeds/save', { householdId: made.id, key: newKey(), kind: d.kind, description: d.description, points: d.points, day: d.day });
      if (h.deeds.length > 0) await post('/rural/households/save', { ...fields, id: made.id, key: newKey() });
      reload();
      setDone({ message: `已恢复农户 ${h.maskedName}` });
    });

  const saveDeed = (h: DeskHousehold, fields: DeedFields, was: DeskDeed | null) =>
    void action.run(async () => {
      const saved = await post<DeskDeed>('/rural/deeds/save', { ...(was ? { id: was.id } : {}), householdId: h.id, key: newKey(), ...fields });
      reload();
      setDone(
        was
          ? {
              message: `${h.maskedName}的信用事迹已保存`,
              undo: () => saveDeed(h, { kind: was.kind, description: was.description, points: was.points, day: was.day }, saved),
            }
          : { message: `已为 ${h.maskedName} 记一条信用事迹`, undo: () => removeDeed(h, saved) },
      );
    });

  const removeDeed = (h: DeskHousehold, d: DeskDeed) =>
    void action.run(async () => {
      await post('/rural/deeds/remove', { id: d.id });
      reload();
      setDone({
        message: `已删除 ${h.maskedName}的一条信用事迹`,
        undo: () => saveDeed(h, { kind: d.kind, description: d.description, points: d.points, day: d.day }, null),
      });
    });

  return (
    <div className="nr-households">
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {rows === null ? (
        <p role="status">加载中…</p>
      ) : (
        <>
          {rows.length === 0 ? (
            <p className="nr-empty">还没有公示的农户。</p>
          ) : (
            <ul className="nr-list">
              {rows.map((h) => (
                <li key={h.id} className="nr-list__item nr-list__item--column" aria-label={`农户：${h.maskedName}`}>
                  <p className="nr-item__title">
                    {h.maskedName} · {h.points} 分
                  </p>
                  {h.deeds.length > 0 && (
                    <ul className="nr-deeds" aria-label={`${h.maskedName}的信用事迹`}>
                      {h.deeds.map((d) => (
                        <li key={d.id} className="nr-deed">
                          <span>
                            {d.day} · {d.kind} · {signed(d.points)} 分 · {d.description}
                          </span>
                          <details className="nr-manage">
                            <summary>修改事迹</summary>
                            <DeedEditor label={`修改信用事迹：${h.maskedName} ${d.day}`} initial={d} busy={action.busy} onSave={(f) => saveDeed(h, f, d)} />
                          </details>
                          <button
                            className="nr-button nr-button--danger"
                            type="button"
                            disabled={action.busy}
                            onClick={() => removeDeed(h, d)}
                            aria-label={`删除事迹：${h.maskedName} ${d.day} ${d.description}`}
                          >
                            删除事迹
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="nr-actions">
                    <button
                      className="nr-button nr-button--danger"
                      type="button"
                      disabled={action.busy}
                      onClick={() => removeHousehold(h)}
                      aria-label={`删除农户：${h.maskedName}`}
                    >
                      删除农户
                    </button>
                  </div>
                  <details className="nr-manage">
                    <summary>修改农户</summary>
                    <HouseholdEditor
                      label={`修改农户：${h.maskedName}`}
                      initial={h}
                      busy={action.busy}
                      submitLabel="保存农户"
                      onSave={(f) => saveHousehold(f, h)}
                    />
                  </details>
                  <details className="nr-manage">
                    <summary>记一条信用事迹</summary>
                    <DeedEditor label={`记信用事迹：${h.maskedName}`} initial={null} busy={action.busy} onSave={(f) => saveDeed(h, f, null)} />
                  </details>
                </li>
              ))}
            </ul>
          )}
          {rows.length < cap ? (
            <details className="nr-manage">
              <summary>新增农户</summary>
              <HouseholdEditor
                key={`new-${round}`}
                label="新增农户"
                initial={null}
                busy={action.busy}
                submitLabel="新增农户"
                onSave={(f) => saveHousehold(f, null)}
              />
            </details>
          ) : (
            <p className="nr-meta">已公示的农户已达全村户数（{cap} 户），要新增请先修改户数。</p>
          )}
        </>
      )}
    </div>
  );
}

function HouseholdEditor({
  label,
  initial,
  busy,
  submitLabel,
  onSave,
}: {
  label: string;
  initial: { maskedName: string; points: number } | null;
  busy: boolean;
  submitLabel: string;
  onSave: (f: { maskedName: string; points: number }) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    onSave({ maskedName: String(form.get('maskedName') ?? '').trim(), points: Number(form.get('points')) });
  };
  return (
    <form className="nr-grid-form nr-grid-form--two" onSubmit={submit} aria-label={label}>
      <label className="nr-field">
        <span>打码姓名（如 王*华、欧阳*华，不存全名）</span>
        <input name="maskedName" defaultValue={initial?.maskedName ?? ''} pattern="\p{Script=Han}\*\p{Script=Han}" maxLength={3} required />
      </label>
      <label className="nr-field">
        <span>信用积分（0–100）</span>
        <input name="points" type="number" defaultValue={initial?.points ?? 60} min={0} max={100} step={1} required />
      </label>
      <div className="nr-grid-form__wide">
        <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

function DeedEditor({ label, initial, busy, onSave }: { label: string; initial: DeedFields | null; busy: boolean; onSave: (f: DeedFields) => void }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    onSave({ kind: text('kind'), description: text('description'), points: Number(text('points')), day: text('day') });
  };
  return (
    <form className="nr-grid-form nr-grid-form--two" onSubmit={submit} aria-label={label}>
      <label className="nr-field">
        <span>类别</span>
        <select name="kind" defaultValue={initial?.kind ?? RURAL_DEED_KINDS[0]}>
          {RURAL_DEED_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      <label className="nr-field">
        <span>分值（计入该户信用积分，满分 100；违规扣分填负数，-20 到 20）</span>
        <input name="points" type="number" defaultValue={initial?.points ?? 3} min={-20} max={20} step={1} required />
      </label>
      <label className="nr-field nr-grid-form__wide">
        <span>事迹（4–60 字）</span>
        <input name="description" defaultValue={initial?.description ?? ''} minLength={4} maxLength={60} required />
      </label>
      <label className="nr-field">
        <span>日期</span>
        <input name="day" type="date" defaultValue={initial?.day ?? ''} required />
      </label>
      <div className="nr-grid-form__wide">
        <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
          保存事迹
        </button>
      </div>
    </form>
  );
}
