import { describe, expect, it } from 'vitest';
import type { Me } from './api.ts';
import { navFor } from './nav.ts';

const person = (unitKind: string | null, permissions = ['self.account', 'answer.reply', 'complaints.reply']): Me => ({
  signedIn: true,
  id: 1,
  name: '测试',
  role: 'department',
  roleLabel: '部门',
  scopes: [],
  permissions,
  csrfToken: '',
  sessionId: 1,
  unitKind,
});

describe('navFor: the answering desks by the kind of unit a person answers for', () => {
  it.each([
    ['a seller’s person sees 商家投诉, not 部门办理', 'seller', ['商家投诉'], ['部门办理']],
    ['a 问政 department’s person sees 部门办理, not 商家投诉', 'department', ['部门办理'], ['商家投诉']],
    ['a person linked to no unit (an admin) sees both, as the permissions say', null, ['部门办理', '商家投诉'], []],
  ])('%s', (_name, kind, shown, hidden) => {
    const labels = navFor(person(kind)).map((e) => e.label);
    for (const l of shown) expect(labels).toContain(l);
    for (const l of hidden) expect(labels).not.toContain(l);
  });

  it('the permission still decides first: no permission, no entry', () => {
    expect(navFor(person('seller', ['self.account'])).map((e) => e.label)).not.toContain('商家投诉');
  });
});
