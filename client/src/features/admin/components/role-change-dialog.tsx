import type { ReactNode } from 'react';
import { roleActionLabel, roleNoun, type Role, type RoleChange } from '../role-change.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

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
      <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{person.name}</strong> (
      {person.email})
    </>
  );
  return (
    <ConfirmDialog
      title={grant ? `Make ${person.name} ${roleNoun(role)}?` : `Remove ${person.name}’s ${role} role?`}
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
