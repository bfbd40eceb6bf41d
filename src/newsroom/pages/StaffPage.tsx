/**
 * 人员与角色 (admins): everyone with their role and state; invite a person (a one-time link valid 24
 * hours, shown once here), change a role and a moderator's areas, disable or restore an account, reset a
 * lost second factor. Each change asks for a reason and lands in the audit trail.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, useAction } from '../ui.tsx';

interface StaffView {
  id: number;
  account: string;
  name: string;
  role: string;
  scopes: string[];
  enrolled: boolean;
  disabled: boolean;
}

interface StaffPageData {
  staff: StaffView[];
  roles: { id: string; label: string; permissions: string[] }[];
  areas: { id: string; label: string }[];
}

/** The role picker and a moderator's areas: the same two fields in the invitation and in a person's settings. */
function RoleAndScopes({ data, role, scopes }: { data: Pick<StaffPageData, 'roles' | 'areas'>; role: string; scopes: string[] }) {
  return (
    <>
      <label className="nr-field">
        <span>角色</span>
        <select name="role" required defaultValue={role}>
          {data.roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="nr-scopes">
        <legend>审核范围（仅审核员；不选即全部）</legend>
        {data.areas.map((a) => (
          <label key={a.id} className="nr-check">
            <input type="checkbox" name="scopes" value={a.id} defaultChecked={scopes.includes(a.id)} />
            {a.label}
          </label>
        ))}
      </fieldset>
    </>
  );
}

export function StaffPage({ me }: PageProps) {
  const [data, setData] = useState<StaffPageData | null>(null);
  const [link, setLink] = useState<{ who: string; url: string; expiresAt: string } | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();

  const reload = () =>
    get<StaffPageData>('/staff')
      .then(setData)
      .catch((err: unknown) => action.setError(messageOf(err)));
  const { setError } = action;
  useEffect(() => {
    get<StaffPageData>('/staff')
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
    // Once, when the page opens.
  }, [setError]);

  if (!data)
    return (
      <>
        <h1>人员与角色</h1>
        <Notice error={action.error} />
      </>
    );
  const roleLabel = (id: string) => data.roles.find((r) => r.id === id)?.label ?? id;
  const areaLabel = (id: string) => data.areas.find((a) => a.id === id)?.label ?? id;

  const invite = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    void action.run(async () => {
      const res = await post<{ staff: StaffView; link: string; expiresAt: string }>('/staff/invite', {
        account: String(form.get('account') ?? ''),
        name: String(form.get('name') ?? ''),
        role: String(form.get('role') ?? ''),
        scopes: form.getAll('scopes').map(String),
      });
      setLink({ who: res.staff.name, url: res.link, expiresAt: res.expiresAt });
      setOk(null);
      formEl.reset();
      await reload();
    });
  };

  const act = (fn: () => Promise<unknown>, message: string) =>
    void action.run(async () => {
      await fn();
      setOk(message);
      await reload();
    });

  return (
    <>
      <h1>人员与角色</h1>
      <Notice error={action.error} ok={ok} />
      {link && (
        <section className="nr-panel" aria-labelledby="nr-link-title">
          <h2 id="nr-link-title">{link.who} 的开通链接</h2>
          <p className="nr-hint">链接只显示这一次，24 小时内有效、只能使用一次。请通过可靠渠道发给本人。</p>
          <p>
            <code className="nr-link" data-testid="enrol-link">
              {link.url}
            </code>
          </p>
        </section>
      )}
      <section className="nr-panel" aria-labelledby="nr-invite-title">
        <h2 id="nr-invite-title">邀请人员</h2>
        <form className="nr-grid-form" onSubmit={invite}>
          <label className="nr-field">
            <span>账号</span>
            <input
              name="account"
              required
              autoCapitalize="none"
              spellCheck={false}
              pattern="[A-Za-z0-9._\-]{2,32}"
              title="2–32 位字母、数字、点、横线或下划线"
            />
          </label>
          <label className="nr-field">
            <span>姓名</span>
            <input name="name" required maxLength={20} />
          </label>
          <RoleAndScopes data={data} role="moderator" scopes={[]} />
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            生成开通链接
          </button>
        </form>
      </section>
      <section aria-labelledby="nr-staff-title">
        <h2 id="nr-staff-title">全部人员（{data.staff.length}）</h2>
        <ul className="nr-list">
          {data.staff.map((s) => (
            <li key={s.id} className="nr-list__item nr-list__item--column">
              <div>
                <strong>
                  {s.name}（{s.account}）
                </strong>
                <span className="nr-badge">{roleLabel(s.role)}</span>
                {s.disabled && <span className="nr-badge nr-badge--warn">已停用</span>}
                {!s.enrolled && <span className="nr-badge nr-badge--warn">未开通</span>}
                {s.scopes.length > 0 && <span className="nr-meta">审核范围：{s.scopes.map(areaLabel).join('、')}</span>}
              </div>
              {s.id !== me.id && (
                <ManageStaff person={s} data={data} busy={action.busy} act={act} onLink={(url, expiresAt) => setLink({ who: s.name, url, expiresAt })} />
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function ManageStaff({
  person,
  data,
  busy,
  act,
  onLink,
}: {
  person: StaffView;
  data: StaffPageData;
  busy: boolean;
  act: (fn: () => Promise<unknown>, message: string) => void;
  onLink: (url: string, expiresAt: string) => void;
}) {
  const prefix = `nr-staff-${person.id}`;
  const changeRole = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    act(
      () =>
        post('/staff/role', {
          id: person.id,
          role: String(form.get('role')),
          scopes: form.getAll('scopes').map(String),
          reason: String(form.get('reason') ?? ''),
        }),
      `已修改 ${person.name} 的角色`,
    );
  };
  const other = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const reason = String(form.get('reason') ?? '');
    const which = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    if (which === 'reset') {
      act(async () => {
        const res = await post<{ link: string; expiresAt: string }>('/staff/reset-factor', { id: person.id, reason });
        onLink(res.link, res.expiresAt);
      }, `已重置 ${person.name} 的动态验证码`);
    } else {
      act(
        () => post('/staff/disable', { id: person.id, disabled: !person.disabled, reason }),
        person.disabled ? `已恢复 ${person.name}` : `已停用 ${person.name}`,
      );
    }
  };
  return (
    <details className="nr-manage">
      <summary>管理 {person.name}</summary>
      <form className="nr-grid-form" onSubmit={changeRole} aria-label={`修改 ${person.name} 的角色`}>
        <RoleAndScopes data={data} role={person.role} scopes={person.scopes} />
        <label className="nr-field">
          <span>原因</span>
          <input name="reason" id={`${prefix}-role-reason`} minLength={2} maxLength={200} required />
        </label>
        <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
          保存角色
        </button>
      </form>
      <form className="nr-grid-form" onSubmit={other} aria-label={`停用或重置 ${person.name}`}>
        <label className="nr-field">
          <span>原因</span>
          <input name="reason" minLength={2} maxLength={200} required />
        </label>
        <div className="nr-actions">
          <button className="nr-button" type="submit" name="action" value="disable" disabled={busy}>
            {person.disabled ? '恢复账号' : '停用账号'}
          </button>
          <button className="nr-button" type="submit" name="action" value="reset" disabled={busy}>
            重置动态验证码
          </button>
        </div>
      </form>
    </details>
  );
}
