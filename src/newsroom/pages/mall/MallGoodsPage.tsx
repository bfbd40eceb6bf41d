/**
 * 商城商品: goods with their pictures, category, price in points, stock, per-reader limit, kind, sale window
 * and on/off sale; stock changes with a reason (never below what readers already exchanged); the merchant
 * accounts (role 部门) that verify each merchant's codes.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { UPLOAD_ACCEPT } from '../../../contract/uploadRules.ts';
import { FileButton, messageOf, Notice, useAction } from '../../ui.tsx';
import { newKey } from './download.ts';
import { uploadPicture } from '../publish/pictureUpload.ts';
import { beijingWallClock } from '../../../lib/beijingDay.ts';

const KINDS = [
  { kind: 'physical', label: '实物' },
  { kind: 'coupon', label: '优惠券' },
  { kind: 'card', label: '票券/卡密' },
  { kind: 'virtual', label: '话费流量' },
] as const;

interface Goods {
  id: number;
  categoryId: number;
  categoryName?: string;
  kind: string;
  name: string;
  subtitle: string;
  description: string;
  pictures: string[];
  price: number;
  marketPrice: string;
  stock: number;
  sold: number;
  perUserLimit: number;
  merchant: string;
  validUntil: string | null;
  usage: string;
  onSale: boolean;
  saleStart: string | null;
  saleEnd: string | null;
  waiting?: number;
}

interface GoodsList {
  categories: { id: number; name: string }[];
  items: Goods[];
}

interface StockChangeRow {
  id: number;
  delta: number;
  stockAfter: number;
  reason: string;
  staffName: string;
  time: string;
}

/** `YYYY-MM-DDTHH:mm` in Beijing time for a datetime-local field, and back. */
function toLocal(iso: string | null): string {
  if (!iso) return '';
  return beijingWallClock(Date.parse(iso)).toISOString().slice(0, 16);
}
function fromLocal(value: string): string | null {
  return value ? `${value}:00+08:00` : null;
}

export function MallGoodsPage(_props: PageProps) {
  const [list, setList] = useState<GoodsList | null>(null);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Goods | 'new' | null>(null);
  const [round, setRound] = useState(0);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<GoodsList>('/mall/goods', { keyword })
      .then(setList)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [keyword, round, setError]);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  const toggle = (g: Goods) =>
    void action.run(async () => {
      await post('/mall/goods/sale', { id: g.id, onSale: !g.onSale });
      setOk(`${g.name}：已${g.onSale ? '下架' : '上架'}`);
      reload();
    });

  return (
    <>
      <h1>商城商品</h1>
      <div className="nr-actions">
        <button className="nr-button nr-button--primary" type="button" onClick={() => setEditing('new')}>
          新建商品
        </button>
        <form
          className="nr-inline-form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setKeyword(String(new FormData(e.currentTarget).get('keyword') ?? '').trim());
          }}
        >
          <label className="nr-field">
            <span>商品名或提供方</span>
            <input name="keyword" maxLength={30} />
          </label>
          <button className="nr-button" type="submit">
            查找
          </button>
        </form>
      </div>
      <Notice error={action.error} ok={ok} />
      {editing !== null && list && (
        <GoodsEditor
          goods={editing === 'new' ? null : editing}
          categories={list.categories}
          onClose={(message) => {
            setEditing(null);
            if (message) setOk(message);
            reload();
          }}
        />
      )}
      {list === null ? (
        <p role="status">加载中…</p>
      ) : (
        <div className="nr-table-wrap" role="region" aria-label="商品表格（可左右滚动）" tabIndex={0}>
          <table className="nr-table">
            <caption className="nr-visually-hidden">商品，最新的在前</caption>
            <thead>
              <tr>
                <th scope="col">商品</th>
                <th scope="col">类型</th>
                <th scope="col">积分</th>
                <th scope="col">可兑库存</th>
                <th scope="col">已兑 / 待发货</th>
                <th scope="col">状态</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((g) => (
                <tr key={g.id}>
                  <td>
                    {g.name}
                    <span className="nr-meta">
                      {g.categoryName} · {g.merchant || '无提供方'}
                    </span>
                  </td>
                  <td>{KINDS.find((k) => k.kind === g.kind)?.label ?? g.kind}</td>
                  <td>{g.price}</td>
                  <td>{g.stock}</td>
                  <td>
                    {g.sold} / {g.waiting ?? 0}
                  </td>
                  <td>{g.onSale ? '在售' : '已下架'}</td>
                  <td>
                    <div className="nr-actions">
                      <button className="nr-button" type="button" onClick={() => setEditing(g)} aria-label={`编辑 ${g.name}`}>
                        编辑
                      </button>
                      <button
                        className="nr-button"
                        type="button"
                        disabled={action.busy}
                        onClick={() => toggle(g)}
                        aria-label={`${g.onSale ? '下架' : '上架'} ${g.name}`}
                      >
                        {g.onSale ? '下架' : '上架'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MerchantAccounts />
    </>
  );
}

/**
 * 商品图片: uploaded here once (stored by content, served as renditions, ADR 025); the first is the cover.
 * Each picture can be moved first or removed; at most 9.
 */
function GoodsPictures({ pictures, onChange }: { pictures: string[]; onChange: (next: string[]) => void }) {
  const action = useAction();
  const hint = useId();
  const pick = (files: File[]) => {
    void action.run(async () => {
      const next = [...pictures];
      for (const file of files.slice(0, 9 - next.length)) {
        const stored = await uploadPicture(file, '/mall/goods/picture');
        if (!next.includes(stored.url)) next.push(stored.url);
        onChange([...next]);
      }
    });
  };
  return (
    <fieldset className="nr-field nr-field--wide">
      <legend>商品图片（第一张为封面，至多 9 张）</legend>
      {pictures.length > 0 && (
        <ul className="nr-thumbs" aria-label="已上传的商品图片">
          {pictures.map((src, i) => (
            <li key={src}>
              <img src={`${src}?w=240`} alt={`商品图片 ${i + 1}${i === 0 ? '（封面）' : ''}`} width={96} height={96} className="nr-goods-picture" />
              <span className="nr-actions">
                {i > 0 && (
                  <button
                    className="nr-button"
                    type="button"
                    onClick={() => onChange([src, ...pictures.filter((p) => p !== src)])}
                    aria-label={`设商品图片 ${i + 1} 为封面`}
                  >
                    设为封面
                  </button>
                )}
                <button className="nr-button" type="button" onClick={() => onChange(pictures.filter((p) => p !== src))} aria-label={`移除商品图片 ${i + 1}`}>
                  移除
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="nr-inline-form">
        <FileButton
          label="上传图片（JPG、PNG、GIF、WebP，每张不超过 10 MB）"
          accept={UPLOAD_ACCEPT}
          multiple
          disabled={action.busy || pictures.length >= 9}
          describedBy={hint}
          onFiles={pick}
        >
          上传图片
        </FileButton>
        <span id={hint} className="nr-hint">
          JPG、PNG、GIF、WebP，每张不超过 10 MB
        </span>
      </p>
      {action.busy && <p role="status">图片上传中…</p>}
      <Notice error={action.error} ok={null} />
    </fieldset>
  );
}

function GoodsEditor({ goods, categories, onClose }: { goods: Goods | null; categories: { id: number; name: string }[]; onClose: (message?: string) => void }) {
  const key = useRef(newKey());
  const [changes, setChanges] = useState<StockChangeRow[]>([]);
  const [stock, setStock] = useState(goods?.stock ?? 0);
  const [pictures, setPictures] = useState<string[]>(goods?.pictures ?? []);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    if (!goods) return;
    get<{ goods: Goods; stockChanges: StockChangeRow[] }>('/mall/goods/detail', { id: goods.id })
      .then((d) => {
        setChanges(d.stockChanges);
        setStock(d.goods.stock);
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [goods, setError]);

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (name: string) => String(f.get(name) ?? '').trim();
    void action.run(async () => {
      const saved = await post<Goods>('/mall/goods/save', {
        ...(goods ? { id: goods.id } : {}),
        key: key.current,
        categoryId: Number(text('categoryId')),
        kind: text('kind'),
        name: text('name'),
        subtitle: text('subtitle'),
        description: text('description'),
        pictures,
        price: Number(text('price')),
        marketPrice: text('marketPrice'),
        ...(goods ? {} : { stock: Number(text('stock') || '0') }),
        perUserLimit: Number(text('perUserLimit') || '0'),
        merchant: text('merchant'),
        validUntil: text('validUntil') || null,
        usage: text('usage'),
        saleStart: fromLocal(text('saleStart')),
        saleEnd: fromLocal(text('saleEnd')),
        onSale: f.get('onSale') === 'on',
      });
      onClose(`${saved.name}：已保存`);
    });
  };

  const changeStock = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const f = new FormData(formEl);
    void action.run(async () => {
      const out = await post<{ stock: number }>('/mall/goods/stock', {
        id: goods!.id,
        key: newKey(),
        delta: Number(f.get('delta')),
        reason: String(f.get('reason') ?? ''),
      });
      setStock(out.stock);
      formEl.reset();
      const d = await get<{ stockChanges: StockChangeRow[] }>('/mall/goods/detail', { id: goods!.id });
      setChanges(d.stockChanges);
    });
  };

  const title = goods ? `编辑：${goods.name}` : '新建商品';
  return (
    <section className="nr-panel" aria-labelledby="goods-editor-title">
      <h2 id="goods-editor-title">{title}</h2>
      <form className="nr-grid-form" onSubmit={save}>
        <label className="nr-field">
          <span>商品名称</span>
          <input name="name" defaultValue={goods?.name} required minLength={2} maxLength={40} />
        </label>
        <label className="nr-field">
          <span>副标题</span>
          <input name="subtitle" defaultValue={goods?.subtitle} maxLength={40} />
        </label>
        <label className="nr-field">
          <span>分类</span>
          <select name="categoryId" defaultValue={goods?.categoryId ?? categories[0]?.id}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="nr-field">
          <span>类型</span>
          <select name="kind" defaultValue={goods?.kind ?? 'physical'}>
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className="nr-field">
          <span>兑换积分</span>
          <input name="price" type="number" min={1} max={1000000} defaultValue={goods?.price} required />
        </label>
        <label className="nr-field">
          <span>市场价</span>
          <input name="marketPrice" defaultValue={goods?.marketPrice} maxLength={20} placeholder="如 ¥69" />
        </label>
        {!goods && (
          <label className="nr-field">
            <span>初始库存</span>
            <input name="stock" type="number" min={0} max={1000000} defaultValue={0} required />
          </label>
        )}
        <label className="nr-field">
          <span>每人限兑（0 为不限）</span>
          <input name="perUserLimit" type="number" min={0} max={100} defaultValue={goods?.perUserLimit ?? 1} />
        </label>
        <label className="nr-field">
          <span>提供方（核销商户）</span>
          <input name="merchant" defaultValue={goods?.merchant} maxLength={40} />
        </label>
        <label className="nr-field">
          <span>券码有效期至</span>
          <input name="validUntil" type="date" defaultValue={goods?.validUntil ?? ''} />
        </label>
        <label className="nr-field">
          <span>开售时间（北京时间）</span>
          <input name="saleStart" type="datetime-local" defaultValue={toLocal(goods?.saleStart ?? null)} />
        </label>
        <label className="nr-field">
          <span>停售时间（北京时间）</span>
          <input name="saleEnd" type="datetime-local" defaultValue={toLocal(goods?.saleEnd ?? null)} />
        </label>
        <GoodsPictures pictures={pictures} onChange={setPictures} />
        <label className="nr-field nr-field--wide">
          <span>商品说明（空行分段）</span>
          <textarea name="description" rows={4} defaultValue={goods?.description} maxLength={2000} />
        </label>
        <label className="nr-field nr-field--wide">
          <span>使用说明</span>
          <input name="usage" defaultValue={goods?.usage} maxLength={300} />
        </label>
        <label className="nr-check">
          <input name="onSale" type="checkbox" defaultChecked={goods?.onSale ?? false} />
          上架
        </label>
        <div className="nr-actions">
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            保存商品
          </button>
          <button className="nr-button" type="button" onClick={() => onClose()}>
            关闭
          </button>
        </div>
      </form>
      <Notice error={action.error} />
      {goods && (
        <>
          <h3>库存（当前可兑 {stock} 件）</h3>
          <form className="nr-inline-form" onSubmit={changeStock} aria-label="调整库存">
            <label className="nr-field">
              <span>增减数量（减少填负数）</span>
              <input name="delta" type="number" required min={-1000000} max={1000000} />
            </label>
            <label className="nr-field">
              <span>变动原因</span>
              <input name="reason" required minLength={2} maxLength={100} placeholder="如 仓库补货、盘点损耗" />
            </label>
            <button className="nr-button" type="submit" disabled={action.busy}>
              调整库存
            </button>
          </form>
          {changes.length > 0 && (
            <ul className="nr-list" aria-label="库存变动记录">
              {changes.map((c) => (
                <li key={c.id} className="nr-list__item">
                  <span>
                    {c.delta > 0 ? `+${c.delta}` : c.delta} → {c.stockAfter} 件 · {c.reason}
                  </span>
                  <span className="nr-meta">
                    {c.staffName} · {c.time}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

interface Merchants {
  accounts: { staffId: number; account: string; name: string; merchant: string }[];
  merchants: string[];
}

function MerchantAccounts() {
  const [data, setData] = useState<Merchants | null>(null);
  const action = useAction();
  const { setError } = action;
  useEffect(() => {
    get<Merchants>('/mall/merchants')
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);
  const link = (staffId: number, merchant: string) =>
    void action.run(async () => {
      setData(await post<Merchants>('/mall/merchants/link', { staffId, merchant }));
    });
  return (
    <section className="nr-panel" aria-labelledby="merchants-title">
      <h2 id="merchants-title">核销商户账号</h2>
      <p className="nr-hint">“部门”角色的账号关联一个商户后，只能查询和核销该商户商品的券码。</p>
      <Notice error={action.error} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : data.accounts.length === 0 ? (
        <p>还没有“部门”角色的账号，请管理员在“人员与角色”中开通。</p>
      ) : (
        <ul className="nr-list">
          {data.accounts.map((a) => (
            <li key={a.staffId} className="nr-list__item">
              <span>
                {a.name}
                <span className="nr-meta">账号 {a.account}</span>
              </span>
              <label className="nr-field">
                <span>{a.name} 核销的商户</span>
                <select value={a.merchant} disabled={action.busy} onChange={(e) => link(a.staffId, e.target.value)}>
                  <option value="">未关联</option>
                  {[...new Set([...data.merchants, ...(a.merchant ? [a.merchant] : [])])].map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
