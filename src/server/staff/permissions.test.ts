/** The permission table and `can` (ADR 017): scoped moderators, the admin-only staff page. */
import { describe, expect, it } from 'vitest';
import { areasOf, can, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './permissions.ts';

describe('can', () => {
  it('a moderator scoped to 作文 decides there and nowhere else, but sees its own queue', () => {
    const zuowen = { role: 'moderator' as const, scopes: ['composition'] };
    expect(can(zuowen, 'moderation.decide', 'composition')).toBe(true);
    expect(can(zuowen, 'moderation.decide', 'news')).toBe(false);
    expect(can(zuowen, 'moderation.ban', 'wenzheng')).toBe(false);
    expect(can(zuowen, 'moderation.view')).toBe(true);
    expect(areasOf(zuowen, 'moderation.decide')).toEqual(['composition']);
  });

  it('an unscoped moderator works in every area; settings, words and the emergency switch are not theirs', () => {
    const m = { role: 'moderator' as const, scopes: [] };
    expect(can(m, 'moderation.decide', 'news')).toBe(true);
    expect(can(m, 'moderation.settings')).toBe(false);
    expect(can(m, 'moderation.emergency')).toBe(false);
  });

  it('only admins manage staff; every role has its own account; admins hold every permission', () => {
    for (const role of ROLES) {
      expect(can({ role, scopes: [] }, 'staff.manage')).toBe(role === 'admin');
      expect(ROLE_PERMISSIONS[role]).toContain('self.account');
    }
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('scopes never widen a permission the role lacks', () => {
    expect(can({ role: 'reporter', scopes: ['news'] }, 'moderation.decide', 'news')).toBe(false);
  });
});
