import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { buttonClassName } from '../../../components/ui/button.ts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../auth/use-session.ts';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { TableFrame, tdClassName, thClassName } from './table-frame.tsx';

type Role = 'staff' | 'admin';

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

function when(iso: string | null): string {
  return iso
    ? new Date(iso).toLocaleString('en-IN', {
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      })
    : 'Never';
}

/** /admin/users: find people and grant or revoke the staff and admin roles. */
export function UsersPage() {
  const [q, setQ] = useState('');
  const users = useUsers(q.trim());
  const { user: me } = useSession();
  const client = useQueryClient();
  const setRole = useMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: Role[] }) =>
      api<{ success: true; message: string }>('/api/auth/admin/set-role', {
        method: 'POST',
        body: { userId, role: roles.length ? roles : 'user' },
        fallbackMessage: 'Could not change the role',
      }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: usersKey }),
  });

  function toggle(person: AdminUser, role: Role) {
    const roles = person.roles.includes(role)
      ? person.roles.filter((r) => r !== role)
      : [...person.roles, role];
    setRole.mutate({ userId: person._id, roles });
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
              {['Name', 'Roles', 'Last sign-in', 'Staff', 'Admin'].map((column) => (
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
                  <td className={tdClassName}>{person.roles.length ? person.roles.join(', ') : 'user'}</td>
                  <td className={`${tdClassName} whitespace-nowrap`}>{when(person.lastSignInAt)}</td>
                  {(['staff', 'admin'] as const).map((role) => {
                    const has = person.roles.includes(role);
                    // An admin cannot take away their own admin role (the server refuses it too).
                    const locked = isMe && role === 'admin' && has;
                    return (
                      <td key={role} className={tdClassName}>
                        <button
                          type="button"
                          aria-pressed={has}
                          aria-label={`${has ? 'Revoke' : 'Grant'} ${role} for ${person.name}`}
                          disabled={locked || setRole.isPending}
                          title={locked ? 'You cannot remove your own admin role' : undefined}
                          onClick={() => toggle(person, role)}
                          className={buttonClassName(has ? 'primary' : 'secondary', 'px-3 py-1 text-xs')}
                        >
                          {has ? 'Revoke' : 'Grant'}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
    </>
  );
}
