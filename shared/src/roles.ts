// No schemas here: the header reads roles on every page, the home route included (its JS budget).

export const roles = ['user', 'staff', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Whether a user's role text holds `role`: better-auth keeps several comma-joined ('staff,admin'). */
export function holdsRole(roleText: string | null | undefined, role: Role): boolean {
  return (roleText ?? '').split(',').some((held) => held.trim() === role);
}
