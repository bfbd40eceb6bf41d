/**
 * The `data-jump` attribute of list cards and banners: the jump descriptor (spec 3: dt, cid, nid,
 * cnId, url, ext) as JSON, so a tap inside the app can go through the host app (spec 2.4) while the
 * same link's href still works everywhere else and without JavaScript.
 */
import type { JumpDescriptor } from '../routing/jump.ts';

interface Jumpable {
  id: number;
  classId: number;
  dataType: number;
  targetUrl: string;
  channelId?: number | undefined;
}

/** The attribute value for a list item or banner. */
export function jumpData(item: Jumpable): string {
  const d: JumpDescriptor = { dt: item.dataType, cid: item.classId, nid: item.id };
  if (item.channelId !== undefined && item.channelId !== 0) d.cnId = item.channelId;
  if (item.targetUrl !== '') d.url = item.targetUrl;
  return JSON.stringify(d);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Reads an attribute back; null when it is not a well-formed descriptor (never trust the DOM). */
export function parseJumpData(text: string | null | undefined): JumpDescriptor | null {
  if (typeof text !== 'string' || text.length > 4096) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (!isInt(o['dt'])) return null;
  const d: JumpDescriptor = { dt: o['dt'] };
  for (const key of ['cid', 'nid', 'cnId'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (!isInt(v)) return null;
    d[key] = v;
  }
  for (const key of ['url', 'ext'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (typeof v !== 'string') return null;
    d[key] = v;
  }
  return d;
}
