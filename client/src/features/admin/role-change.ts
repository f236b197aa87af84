/** The Users page's role changes, in words: what each button, dialog and toast says. */
export type Role = 'staff' | 'admin';

/** One explicit change to one person's roles: grant or remove `role`. */
export interface RoleChange {
  person: { _id: string; name: string; email: string; roles: Role[] };
  role: Role;
  grant: boolean;
}

/** 'staff' or 'an admin', as a sentence needs it: 'Asha is now an admin'. */
export const roleNoun = (role: Role) => (role === 'admin' ? 'an admin' : 'staff');

/** The button's words for a change: 'Make staff', 'Remove admin role'. */
export function roleActionLabel({ role, grant }: Pick<RoleChange, 'role' | 'grant'>): string {
  return grant ? `Make ${role}` : `Remove ${role} role`;
}

/** The roles the person has once the change is made. */
export function rolesAfter({ person, role, grant }: RoleChange): Role[] {
  return grant ? [...new Set([...person.roles, role])] : person.roles.filter((r) => r !== role);
}

/** What the toast says once the server has made the change. */
export function roleChangeDone({ person, role, grant }: RoleChange): string {
  return grant
    ? `${person.name} is now ${roleNoun(role)}.`
    : `${person.name} is no longer ${roleNoun(role)}.`;
}
