import { useAudit } from '../api/get-audit.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { auditActionLabel, auditActionOptions, describeAuditDetails } from '../audit-entries.ts';
import { formatInstant, readPage } from '../format.ts';
import { useListParams } from '../use-list-params.ts';
import { Field, inputClassName } from './field.tsx';
import { FilterBar } from './filter-bar.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { Pagination } from './pagination.tsx';
import { tdClassName, TableFrame, thClassName } from './table-frame.tsx';

const PAGE_SIZE = 30;
const columns = ['When', 'Who', 'Action', 'Entity', 'Details'];

export function AuditList() {
  const [params, setParam] = useListParams();
  const timeZone = useCinemaTimeZone();
  const action = params.get('action') ?? '';
  const filter = { action, page: readPage(params.get('page')), pageSize: PAGE_SIZE };
  const audit = useAudit(filter);

  return (
    <>
      <FilterBar label="Filter the audit log">
        <Field label="Action" className="w-60">
          {(control) => (
            <select
              {...control}
              value={action}
              onChange={(event) => setParam('action', event.target.value)}
              className={inputClassName}
            >
              {auditActionOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </FilterBar>

      {audit.isPending ? (
        <LoadingState label="Loading the audit log..." />
      ) : audit.isError ? (
        <ErrorState message={audit.error.message} />
      ) : audit.data.entries.length === 0 ? (
        <EmptyState
          title="No entries found"
          detail={action ? 'Nothing of this kind has happened yet.' : undefined}
        />
      ) : (
        <>
          <TableFrame caption="Audit log" isBusy={audit.isPlaceholderData}>
            <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/50">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className={thClassName}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {audit.data.entries.map((entry) => (
                <tr key={entry._id}>
                  <td className={`${tdClassName} whitespace-nowrap`}>
                    <time dateTime={entry.createdAt}>{formatInstant(entry.createdAt, timeZone)}</time>
                  </td>
                  <td className={tdClassName}>
                    {entry.actor ? (
                      <>
                        <span className="block">{entry.actor.name}</span>
                        <span className="block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                          {entry.actor.email}
                        </span>
                      </>
                    ) : (
                      <span className="text-zinc-600 dark:text-zinc-400">System</span>
                    )}
                  </td>
                  <td className={tdClassName}>
                    <span className="block font-medium">{auditActionLabel(entry.action)}</span>
                    <code className="block font-mono text-xs text-zinc-600 dark:text-zinc-400">
                      {entry.action}
                    </code>
                  </td>
                  <td className={`${tdClassName} min-w-48`}>
                    <span className="block text-xs text-zinc-600 capitalize dark:text-zinc-400">
                      {entry.entityType}
                    </span>
                    {entry.entityName ? (
                      <span className="block font-medium">{entry.entityName}</span>
                    ) : (
                      entry.entityId && (
                        // Gone since (a deleted show) or never ours to name: the id is all there is.
                        <code title={entry.entityId} className="block font-mono text-xs">
                          {entry.entityId.slice(0, 8)}
                        </code>
                      )
                    )}
                  </td>
                  <td className={`${tdClassName} max-w-md`}>
                    <ul className="space-y-0.5 text-xs break-words">
                      {describeAuditDetails(entry.details, timeZone).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          <Pagination
            label="Audit log pages"
            page={audit.data.page}
            pageSize={audit.data.pageSize}
            total={audit.data.total}
            onPage={(page) => setParam('page', String(page))}
          />
        </>
      )}
    </>
  );
}
