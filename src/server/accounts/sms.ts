/**
 * The SMS provider interface and its default, the outbox (docs/conventions.md "Outside services"): nothing is
 * sent; the message goes to the log and to a development-only outbox read at GET /api/dev/outbox.
 * A vendor module implements the same interface.
 */
import type { Logger } from '../log.ts';

export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

export interface OutboxEntry {
  phone: string;
  text: string;
  sentAt: Date;
}

const KEEP_PER_PHONE = 10;
const KEEP_PHONES = 10_000;

export class OutboxSmsProvider implements SmsProvider {
  private readonly byPhone = new Map<string, OutboxEntry[]>();
  private readonly log: Logger;
  private readonly production: boolean;

  constructor(log: Logger, production: boolean) {
    this.log = log;
    this.production = production;
  }

  send(phone: string, text: string): Promise<void> {
    if (this.production) {
      // A production server without a real provider must not leak codes into its logs (security.md A9).
      this.log.warn({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}` }, 'sms not sent: no SMS provider configured');
      return Promise.resolve();
    }
    this.log.info({ sms: { phone, text } }, 'sms to outbox (development)');
    const list = this.byPhone.get(phone) ?? [];
    list.unshift({ phone, text, sentAt: new Date() });
    list.length = Math.min(list.length, KEEP_PER_PHONE);
    this.byPhone.delete(phone);
    this.byPhone.set(phone, list);
    if (this.byPhone.size > KEEP_PHONES) this.byPhone.delete(this.byPhone.keys().next().value!);
    return Promise.resolve();
  }

  /** Newest first. */
  latest(phone: string): OutboxEntry[] {
    return [...(this.byPhone.get(phone) ?? [])];
  }
}
