/**
 * Our own 滑动验证 (ADR 008; security.md A1, L94, L95): the browser records the drag, the server judges
 * the trail (duration, steps, jitter) and signs a short-lived result bound to the client address;
 * webSendMsg1 accepts each result once. There is no client-trusted "passed" flag anywhere.
 */
import { randomBytes } from 'node:crypto';
import { SLIDE_SCENE, type SlideResult } from '../../contract/accounts.ts';
import { hmacHex, sameDigest } from '../tokens/secrets.ts';

/** A challenge must be answered within 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** A passed check is good for one protected call within 10 minutes (security.md C1). */
export const RESULT_TTL_MS = 10 * 60_000;

export type TrailPoint = readonly [x: number, y: number, t: number];

/** Starts within `slack` px of the left, ends within 10 px of the right end, and takes `minMs`–`maxMs`. */
function spansTrack(trail: readonly TrailPoint[], width: number, slack: number, minMs: number, maxMs: number): boolean {
  const first = trail[0]!;
  const last = trail[trail.length - 1]!;
  const duration = last[2] - first[2];
  return Math.abs(first[0]) <= slack && Math.abs(last[0] - width) <= 10 && duration >= minMs && duration <= maxMs;
}

/**
 * A human drag: starts at the left, ends at the right end, takes 0.3–20 s over at least 8 samples,
 * moves forward (small slips allowed), and is uneven (speed varies, the finger wanders off the line).
 * A script's straight, evenly spaced trail fails the jitter rules.
 */
export function judgeTrail(trail: readonly TrailPoint[], width: number): boolean {
  if (trail.length < 8 || !spansTrack(trail, width, 12, 300, 20_000)) return false;
  const first = trail[0]!;
  const speeds: number[] = [];
  let wander = 0;
  for (let i = 1; i < trail.length; i++) {
    const [x, y, t] = trail[i]!;
    const [px, , pt] = trail[i - 1]!;
    if (t < pt) return false;
    if (x < px - 12) return false;
    if (Math.abs(y) > 80) return false;
    wander = Math.max(wander, Math.abs(y - first[1]));
    if (t > pt) speeds.push((x - px) / (t - pt));
  }
  if (speeds.length < 6 || wander < 0.5) return false;
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const sd = Math.sqrt(speeds.reduce((a, s) => a + (s - mean) ** 2, 0) / speeds.length);
  return mean > 0 && sd / mean > 0.08;
}

/** The most one arrow key may move the handle, as a share of the track: reaching the end takes many presses. */
export const KEY_STEP_MAX = 0.12;

/**
 * The same check for a reader who moves the handle with the keyboard or a screen reader (the right arrow, or a
 * swipe up on an adjustable control), not a drag: starts at the left and ends at the right end, in steps of at
 * most KEY_STEP_MAX of the track (no jump to the end), forward only, over at least 0.6 s and at most 2 minutes.
 * A press may come no sooner than 20 ms after the one before (faster than a held key repeats). Its strength is the
 * drag's: the same signed challenge, single-use result bound to the address and per-address limits; the trail
 * rules on either path only stop a careless script.
 */
export function judgeKeyTrail(trail: readonly TrailPoint[], width: number): boolean {
  if (trail.length < Math.ceil(1 / KEY_STEP_MAX) + 1 || !spansTrack(trail, width, 1, 600, 120_000)) return false;
  for (let i = 1; i < trail.length; i++) {
    const [x, y, t] = trail[i]!;
    const [px, , pt] = trail[i - 1]!;
    // The first press is the start of the trail's clock (it may share the start point's time).
    if (y !== 0 || x < px || x - px > width * KEY_STEP_MAX + 1 || t < pt || (i > 1 && t - pt < 20)) return false;
  }
  return true;
}

function nonce(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function signChallenge(key: string, now: number): string {
  const body = `${nonce(16)}.${now}`;
  return `${body}.${hmacHex(key, `challenge|${body}`)}`;
}

/** The challenge's nonce when it is ours and fresh, else null. */
export function openChallenge(key: string, challenge: string, now: number): string | null {
  const m = /^([A-Za-z0-9_-]{22})\.(\d{10,15})\.([a-f0-9]{64})$/.exec(challenge);
  if (!m) return null;
  const issued = Number(m[2]);
  if (!sameDigest(hmacHex(key, `challenge|${m[1]}.${m[2]}`), m[3]!)) return null;
  if (now - issued > CHALLENGE_TTL_MS || issued > now + 5_000) return null;
  return m[1]!;
}

function resultDigest(key: string, r: { token: string; csessionid: string; scene: string }, ip: string, expiresAt: number): string {
  return hmacHex(key, `slide|${r.token}|${r.csessionid}|${r.scene}|${ip}|${expiresAt}`);
}

export function signResult(key: string, ip: string, now: number): SlideResult {
  const token = nonce(24);
  const csessionid = nonce(24);
  const expiresAt = now + RESULT_TTL_MS;
  return { token, csessionid, scene: SLIDE_SCENE, sig: `${expiresAt}.${resultDigest(key, { token, csessionid, scene: SLIDE_SCENE }, ip, expiresAt)}` };
}

/** True when the result was signed by us for this address and scene and has not expired (single use is the caller's). */
export function checkResult(key: string, r: SlideResult, ip: string, now: number): boolean {
  const m = /^(\d{10,15})\.([a-f0-9]{64})$/.exec(r.sig);
  if (!m || r.scene !== SLIDE_SCENE) return false;
  const expiresAt = Number(m[1]);
  if (expiresAt <= now || expiresAt > now + RESULT_TTL_MS) return false;
  return sameDigest(resultDigest(key, r, ip, expiresAt), m[2]!);
}
