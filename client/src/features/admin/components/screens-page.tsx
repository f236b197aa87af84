import type { Layout } from '@marquee/shared';
import { ArchiveRestore, EyeOff, Pencil, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useScreens, useSetScreenActive, type AdminScreen } from '../api/screens.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { PageHeader } from './page-header.tsx';
import { ScreenEditor } from './screen-editor.tsx';
import { ScreenStateBadge } from './status-badge.tsx';
import { TableFrame, tdClassName, thClassName } from './table-frame.tsx';

interface ScreensPageProps {
  renderPreview?: (layout: Layout) => ReactNode;
}

/** The cinema's screens, and the editor that draws a new one or redraws one for new shows. */
export function ScreensPage({ renderPreview }: ScreensPageProps) {
  const screens = useScreens();
  // null: the list; 'new': a new screen; otherwise the screen being edited.
  const [editing, setEditing] = useState<AdminScreen | 'new' | null>(null);
  const [retiring, setRetiring] = useState<AdminScreen | null>(null);
  const setActive = useSetScreenActive();

  function changeState(screen: AdminScreen, active: boolean) {
    setActive.mutate(
      { id: screen._id, active },
      {
        onSuccess: () => {
          toast.success(
            active
              ? `${screen.name} is restored: new shows can be added to it.`
              : `${screen.name} is retired: no new shows can be added to it. Its scheduled shows go on.`,
          );
          setRetiring(null);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  if (editing) {
    return (
      <>
        <PageHeader title="Screens" description="Draw the seats, aisles and classes of a screen." />
        <ScreenEditor
          key={editing === 'new' ? 'new' : editing._id}
          screen={editing === 'new' ? undefined : editing}
          renderPreview={renderPreview}
          onDone={() => setEditing(null)}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Screens"
        description="Each screen's seats, aisles and classes. A show keeps the layout its screen had when it was added."
        action={
          <button type="button" onClick={() => setEditing('new')} className={buttonClassName('primary')}>
            <Plus aria-hidden className="size-4" />
            New screen
          </button>
        }
      />
      {screens.isPending ? (
        <LoadingState label="Loading screens..." />
      ) : screens.isError ? (
        <ErrorState message={screens.error.message} />
      ) : screens.data.screens.length === 0 ? (
        <EmptyState title="No screens yet" detail="Draw the first one with New screen." />
      ) : (
        <TableFrame caption="Screens">
          <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950/40">
            <tr>
              <th scope="col" className={thClassName}>
                Name
              </th>
              <th scope="col" className={thClassName}>
                Seats
              </th>
              <th scope="col" className={thClassName}>
                Classes
              </th>
              <th scope="col" className={thClassName}>
                Upcoming shows
              </th>
              <th scope="col" className={thClassName}>
                Status
              </th>
              <th scope="col" className={thClassName}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {screens.data.screens.map((screen) => (
              <tr key={screen._id}>
                <th scope="row" className={`${tdClassName} text-left font-semibold`}>
                  {screen.name}
                </th>
                <td className={tdClassName}>{screen.seatCount}</td>
                <td className={tdClassName}>{screen.classes.join(', ')}</td>
                <td className={tdClassName}>{screen.upcomingShows}</td>
                <td className={tdClassName}>
                  <ScreenStateBadge active={screen.active} />
                </td>
                <td className={`${tdClassName} text-right`}>
                  <div className="flex justify-end gap-2">
                    {screen.active ? (
                      <button
                        type="button"
                        onClick={() => setRetiring(screen)}
                        className={buttonClassName('secondary')}
                      >
                        <EyeOff aria-hidden className="size-4" />
                        Retire<span className="sr-only"> {screen.name}</span>
                      </button>
                    ) : (
                      <button
                        type="button"
                        disabled={setActive.isPending}
                        onClick={() => changeState(screen, true)}
                        className={buttonClassName('secondary')}
                      >
                        <ArchiveRestore aria-hidden className="size-4" />
                        Restore<span className="sr-only"> {screen.name}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => setEditing(screen)}
                      className={buttonClassName('secondary')}
                    >
                      <Pencil aria-hidden className="size-4" />
                      Edit<span className="sr-only"> {screen.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      {retiring && (
        <ConfirmDialog
          title={`Retire ${retiring.name}?`}
          confirmLabel="Retire screen"
          busyLabel="Retiring..."
          cancelLabel="Keep in use"
          isBusy={setActive.isPending}
          onConfirm={() => changeState(retiring, false)}
          onClose={() => setRetiring(null)}
        >
          <p>
            No new shows can be added to it.{' '}
            {retiring.upcomingShows > 0 &&
              `Its ${retiring.upcomingShows} scheduled show${retiring.upcomingShows === 1 ? '' : 's'} go on as sold. `}
            You can restore it at any time.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
