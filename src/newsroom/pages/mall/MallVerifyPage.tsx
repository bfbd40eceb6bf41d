/**
 * 券码核销: a merchant's counter (role 部门). The merchant types the reader's code, sees what it is, and
 * verifies it once; only codes of its own goods are found. Below: the codes verified at this merchant.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, Notice, useAction } from '../../ui.tsx';

interface Code {
  id: number;
  code: string;
  goodsName: string;
  kind: string;
  nickname: string;
  state: 'unused' | 'used' | 'expired' | 'cancelled';
  validUntil: string;
  createTime: string;
  usedTime: string;
}

const STATE_TEXT: Record<Code['state'], string> = { unused: '未使用', used: '已核销', expired: '已过期', cancelled: '已取消' };

export function MallVerifyPage(_props: PageProps) {
  const [found, setFound] = useState<Code | null>(null);
  const [merchant, setMerchant] = useState('');
  const [done, setDone] = useState<Code[] | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<{ merchant: string; items: Code[] }>('/mall/verify/list')
      .then((d) => {
        setMerchant(d.merchant);
        setDone(d.items);
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [round, setError]);

  const lookup = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    setOk(null);
    setFound(null);
    void action.run(async () => {
      setFound((await get<{ code: Code }>('/mall/verify/lookup', { code })).code);
    });
  };

  const verify = (code: Code) =>
    void action.run(async () => {
      const out = await post<{ code: Code }>('/mall/verify', { code: code.code });
      setFound(out.code);
      setOk(`核销成功：${out.code.goodsName}`);
      setRound((n) => n + 1);
    });

  return (
    <>
      <h1>券码核销</h1>
      {merchant && <p>商户：{merchant}</p>}
      <form className="nr-inline-form" onSubmit={lookup} aria-label="查询券码">
        <label className="nr-field">
          <span>券码</span>
          <input name="code" required minLength={6} maxLength={40} autoCapitalize="characters" autoComplete="off" spellCheck={false} />
        </label>
        <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
          查询
        </button>
      </form>
      <Notice error={action.error} ok={ok} />
      {found && (
        <section className="nr-panel" aria-label="券码信息">
          <p>
            <strong>{found.goodsName}</strong>
            <span className="nr-badge">{STATE_TEXT[found.state]}</span>
          </p>
          <p className="nr-meta">
            券码 {found.code} · 读者 {found.nickname} · 兑换于 {found.createTime}
            {found.validUntil ? ` · 有效期至 ${found.validUntil}` : ''}
            {found.usedTime ? ` · 核销于 ${found.usedTime}` : ''}
          </p>
          {found.state === 'unused' && (
            <button className="nr-button nr-button--primary" type="button" disabled={action.busy} onClick={() => verify(found)}>
              确认核销
            </button>
          )}
        </section>
      )}
      <h2>本店已核销</h2>
      {done === null ? (
        <p role="status">加载中…</p>
      ) : done.length === 0 ? (
        <p>还没有核销记录。</p>
      ) : (
        <ul className="nr-list">
          {done.map((c) => (
            <li key={c.id} className="nr-list__item">
              <span>
                {c.goodsName}
                <span className="nr-meta">券码 {c.code}</span>
              </span>
              <span className="nr-meta">核销于 {c.usedTime}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
