import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), iframe, input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** Visible heading; also the dialog's accessible name. */
  title: string;
  onClose: () => void;
  /** Accessible name of the close button, e.g. 'Close trailer'. */
  closeLabel?: string;
  /** Width and look of the panel. */
  panelClassName?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> (the page behind becomes inert, Escape is a "cancel").
 * Mount it to open and unmount it to close: the caller owns the state, and whatever it shows
 * (a playing video) stops with it. Focus starts on the close button, Tab cycles inside the
 * dialog, and focus goes back to whatever opened it.
 */
export function Modal({ title, onClose, closeLabel = 'Close', panelClassName = '', children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  // A layout effect, so closing gives focus back in the same task as the Escape or click that
  // closed it: Preact runs a plain effect's cleanup only after the next paint, by which time the
  // dialog (and the focus in it) is gone and a keyboard user is left on <body>.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The page behind must not scroll under the dialog on touch screens.
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      document.documentElement.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  // Tab and Shift+Tab wrap around within the dialog rather than escaping to the browser's bar.
  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      // Escape: let the caller unmount us, so its state and the dialog never disagree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the dialog element itself (not its panel) is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={trapTab}
      className="m-auto w-[calc(100%-1.5rem)] max-w-4xl overflow-visible bg-transparent p-0 text-inherit backdrop:bg-black/80 backdrop:backdrop-blur-sm"
    >
      <div
        className={`overflow-hidden rounded-xl bg-white text-zinc-900 shadow-2xl dark:bg-zinc-900 dark:text-zinc-100 ${panelClassName}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <h2 id={titleId} className="truncate text-base font-semibold sm:text-lg">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="rounded-md p-2 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
