import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

export type Role = 'staff' | 'admin';

/** One explicit change to one person's roles: grant or remove `role`. */
export interface RoleChange {
  person: { _id: string; name: string; email: string; roles: Role[] };
  role: Role;
  grant: boolean;
}

const article = (role: Role) => (role === 'admin' ? 'an admin' : 'staff');

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
  return grant ? `${person.name} is now ${article(role)}.` : `${person.name} is no longer ${article(role)}.`;
}

const powers: Record<Role, string> = {
  staff: 'check tickets in at the door and sell at the box office',
  admin: 'manage movies, shows, bookings and refunds, and change anyone’s roles',
};

/** Asks before a role changes, naming the person and what they gain or lose. */
export function RoleChangeDialog({
  change,
  isBusy,
  onConfirm,
  onClose,
}: {
  change: RoleChange;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { person, role, grant } = change;
  const who: ReactNode = (
    <>
      <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{person.name}</strong> ({person.email})
    </>
  );
  return (
    <ConfirmDialog
      title={grant ? `Make ${person.name} ${article(role)}?` : `Remove ${person.name}’s ${role} role?`}
      confirmLabel={roleActionLabel(change)}
      busyLabel="Saving..."
      cancelLabel="Keep as is"
      tone={grant ? 'primary' : 'danger'}
      isBusy={isBusy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {grant ? (
        <p>
          {who} will be able to {powers[role]}.
        </p>
      ) : (
        <p>
          {who} will no longer be able to {powers[role]}.
        </p>
      )}
      <p>This takes effect at once, on every device they are signed in on.</p>
    </ConfirmDialog>
  );
}
