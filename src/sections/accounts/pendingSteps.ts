/**
 * What one account step hands the next inside this tab (sessionStorage, never the address bar): the
 * one-time ticket from a checked code (FindPage/ChangeCheckPage → NewPasswordPage) and the messenger
 * state issued before leaving for the authorisation page.
 */
import { tabStorage } from '../../client/storage.ts';

const TICKET_KEY = 'account:ticket';
const STATE_KEY = 'account:oauthState';

export type TicketKind = 'reset' | 'change';

export function keepTicket(kind: TicketKind, ticket: string): void {
  tabStorage.setItem(TICKET_KEY, JSON.stringify({ kind, ticket }));
}

export function readTicket(): { kind: TicketKind; ticket: string } | null {
  try {
    const value = JSON.parse(tabStorage.getItem(TICKET_KEY) ?? 'null') as { kind?: unknown; ticket?: unknown } | null;
    if (value && (value.kind === 'reset' || value.kind === 'change') && typeof value.ticket === 'string') return { kind: value.kind, ticket: value.ticket };
  } catch {
    // a damaged entry is no ticket
  }
  return null;
}

export function dropTicket(): void {
  tabStorage.removeItem(TICKET_KEY);
}

export function keepOAuthState(state: string): void {
  tabStorage.setItem(STATE_KEY, state);
}

/** The state this tab stored, used up (CSRF on the callback, security.md C22). */
export function takeOAuthState(): string | null {
  const state = tabStorage.getItem(STATE_KEY);
  tabStorage.removeItem(STATE_KEY);
  return state;
}
