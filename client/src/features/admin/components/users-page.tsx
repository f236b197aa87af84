import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../auth/use-session.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { formatInstant } from '../format.ts';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { roleActionLabel, roleChangeDone, rolesAfter, type Role, type RoleChange } from '../role-change.ts';
import { RoleChangeDialog } from './role-change-dialog.tsx';
import { RoleBadge } from './status-badge.tsx';
import { TableFrame, tdClassName, thClassName } from './table-frame.tsx';

interface AdminUser {
  _id: string;
  name: string;
  email: string;
  /** Roles beyond a plain user's. */
  roles: Role[];
  createdAt: string;
  lastSignInAt: string | null;
}

interface UsersResponse {
  success: true;
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

const usersKey = ['admin', 'users'] as const;

function useUsers(q: string) {
  return useQuery({
    queryKey: [...usersKey, q],
    queryFn: ({ signal }) =>
      api<UsersResponse>(`/api/admin/users?${new URLSearchParams({ q, pageSize: '100' }).toString()}`, {
        signal,
        fallbackMessage: 'Failed to fetch users',
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * /admin/users: find people and grant or remove the staff and admin roles. A role shows as a
 * badge; each change is its own named action, asked about first and told about after.
 */
export function UsersPage() {
  const [q, setQ] = useState('');
  const users = useUsers(q.trim());
  const { user: me } = useSession();
  const timeZone = useCinemaTimeZone();
  const client = useQueryClient();
  const [pending, setPending] = useState<RoleChange | null>(null);
  const setRole = useMutation({
    // The endpoint and body the page has always sent (CONTRACT §6): the roles the person ends with.
    mutationFn: (change: RoleChange) => {
      const roles = rolesAfter(change);
      return api<{ success: true; message: string }>('/api/auth/admin/set-role', {
        method: 'POST',
        body: { userId: change.person._id, role: roles.length ? roles : 'user' },
        fallbackMessage: 'Could not change the role',
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: usersKey }),
  });

  function confirm(change: RoleChange) {
    setRole.mutate(change, {
      onSuccess: () => {
        toast.success(roleChangeDone(change));
        setPending(null);
      },
      // The dialog stays, so the change can be tried again or let go.
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <>
      <div className="mb-4 flex items-center gap-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
        <Search aria-hidden className="size-4 text-zinc-500" />
        <label htmlFor="users-search" className="sr-only">
          Search users
        </label>
        <input
          id="users-search"
          type="search"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          placeholder="Search by name or email"
          className="min-w-0 flex-1 bg-transparent px-1 py-1 outline-none"
        />
      </div>
      {users.isPending ? (
        <LoadingState label="Loading users" />
      ) : users.isError ? (
        <ErrorState message={users.error.message} />
      ) : users.data.users.length === 0 ? (
        <EmptyState title="No users match" />
      ) : (
        <TableFrame caption="Users" isBusy={users.isFetching}>
          <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/50">
            <tr>
              {['Name', 'Role', 'Last sign-in', 'Change role'].map((column) => (
                <th key={column} scope="col" className={thClassName}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {users.data.users.map((person) => {
              const isMe = person._id === me?.id;
              return (
                <tr key={person._id}>
                  <th scope="row" className={`${tdClassName} text-left font-normal`}>
                    <span className="block font-medium">
                      {person.name}
                      {isMe && <span className="text-zinc-600 dark:text-zinc-400"> (you)</span>}
                    </span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">{person.email}</span>
                  </th>
                  <td className={tdClassName}>
                    <span className="flex flex-wrap gap-1">
                      {person.roles.length ? (
                        person.roles.map((role) => <RoleBadge key={role} role={role} />)
                      ) : (
                        <RoleBadge role="user" />
                      )}
                    </span>
                  </td>
                  <td className={`${tdClassName} whitespace-nowrap`}>
                    {person.lastSignInAt ? formatInstant(person.lastSignInAt, timeZone) : 'Never'}
                  </td>
                  <td className={tdClassName}>
                    <span className="flex flex-wrap gap-2">
                      {(['staff', 'admin'] as const).map((role) => {
                        const change = { person, role, grant: !person.roles.includes(role) };
                        // An admin cannot take away their own admin role (the server refuses it too).
                        const isLocked = isMe && role === 'admin' && !change.grant;
                        const label = roleActionLabel(change);
                        return (
                          <button
                            key={role}
                            type="button"
                            aria-label={`${label}: ${person.name}`}
                            disabled={isLocked}
                            title={isLocked ? 'You cannot remove your own admin role' : undefined}
                            onClick={() => setPending(change)}
                            className={buttonClassName('secondary', 'px-3 py-1 text-xs whitespace-nowrap')}
                          >
                            {label}
                          </button>
                        );
                      })}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
      {pending && (
        <RoleChangeDialog
          change={pending}
          isBusy={setRole.isPending}
          onConfirm={() => confirm(pending)}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}
