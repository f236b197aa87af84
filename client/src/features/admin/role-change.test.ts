import { describe, expect, it } from 'vitest';
import { roleActionLabel, roleChangeDone, rolesAfter } from './role-change.ts';

const asha = { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', roles: ['staff' as const] };

describe('role changes', () => {
  it('name each change as its own action', () => {
    expect(roleActionLabel({ role: 'staff', grant: true })).toBe('Make staff');
    expect(roleActionLabel({ role: 'admin', grant: false })).toBe('Remove admin role');
  });

  it('send the roles the person ends with', () => {
    expect(rolesAfter({ person: asha, role: 'admin', grant: true })).toEqual(['staff', 'admin']);
    expect(rolesAfter({ person: asha, role: 'staff', grant: true })).toEqual(['staff']);
    expect(rolesAfter({ person: asha, role: 'staff', grant: false })).toEqual([]);
  });

  it('say what happened', () => {
    expect(roleChangeDone({ person: asha, role: 'admin', grant: true })).toBe('Asha Rao is now an admin.');
    expect(roleChangeDone({ person: asha, role: 'staff', grant: false })).toBe(
      'Asha Rao is no longer staff.',
    );
  });
});
