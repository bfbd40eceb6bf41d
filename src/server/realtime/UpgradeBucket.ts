/**
 * A token bucket for `/sub` upgrades (security.md K103): after a restart every client reconnects at
 * about the same moment, and each new socket costs a handshake and a token lookup. The bucket lets
 * `burst` upgrades through at once and then `ratePerSecond`; the rest are answered 503 before the
 * upgrade, and the client's jittered reconnect spreads them out.
 */
export class UpgradeBucket {
  private readonly ratePerSecond: number;
  private readonly burst: number;
  private tokens: number;
  private last: number;

  constructor(ratePerSecond: number, burst: number, now: number) {
    this.ratePerSecond = ratePerSecond;
    this.burst = burst;
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token if there is one; `now` in milliseconds. */
  take(now: number): boolean {
    // A clock that moves back (tests, NTP) refills nothing rather than draining.
    const elapsed = Math.max(0, now - this.last);
    this.last = Math.max(this.last, now);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.ratePerSecond) / 1000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
