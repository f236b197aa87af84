import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';
import { buttonClassName } from './button.ts';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  isBusy: boolean;
  /** 'danger' (red) for what cannot be undone; 'primary' for a change that can be. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

// The button look with a red fill: the primary variant's brand colour would fight these classes.
export const dangerButtonClassName =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white transition-colors hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

/** Asks before a change that matters (often one that cannot be undone); the safe choice sits first. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  isBusy,
  tone = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onClose} panelClassName="mx-auto max-w-md">
      <div className="space-y-3 px-4 py-4 text-sm text-zinc-700 dark:text-zinc-300">{children}</div>
      <div className="flex justify-end gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <button type="button" className={buttonClassName('secondary')} onClick={onClose}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? dangerButtonClassName : buttonClassName('primary')}
          disabled={isBusy}
          onClick={onConfirm}
        >
          {isBusy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
