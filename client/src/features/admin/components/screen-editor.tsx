import {
  layoutSchema,
  MAX_LAYOUT_ROWS,
  MAX_ROW_POSITIONS,
  MAX_SEAT_CLASSES,
  type Layout,
} from '@marquee/shared';
import { Accessibility, HandHelping, Info, Paintbrush, Plus, SquareDashed, Trash2 } from 'lucide-react';
import { useId, useMemo, useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { classToneClass } from '../../../lib/seat-class-tones.ts';
import { useSaveScreen, type AdminScreen } from '../api/screens.ts';
import {
  editorReducer,
  editorStateOf,
  layoutInputOf,
  newScreenState,
  type EditorTool,
} from '../layout-editor.ts';
import { Field, FormMessage, inputClassName } from './field.tsx';
import { LayoutGrid } from './layout-grid.tsx';

interface ScreenEditorProps {
  /** The screen to edit; absent for a new one. */
  screen?: AdminScreen;
  /** Draws the layout as the buyer will see it (the app layer lends the booking page's map). */
  renderPreview?: (layout: Layout) => ReactNode;
  onDone: () => void;
}

function toolKey(tool: EditorTool): string {
  return tool.type === 'class' ? `class-${tool.classIndex}` : tool.type;
}

/** Draw a screen: its size, its classes, then seats, gaps and accessible seats with a tool. */
export function ScreenEditor({ screen, renderPreview, onDone }: ScreenEditorProps) {
  const headingId = useId();
  const [name, setName] = useState(screen?.name ?? '');
  const [state, dispatch] = useReducer(editorReducer, screen?.layout, (layout) =>
    layout ? editorStateOf(layout) : newScreenState(),
  );
  const [tool, setTool] = useState<EditorTool>({ type: 'seat-gap' });
  const [message, setMessage] = useState<string>();
  const [isPreviewing, setIsPreviewing] = useState(false);
  const save = useSaveScreen();
  const { rows, columns } = state;
  const parsed = useMemo(() => layoutSchema.safeParse(layoutInputOf(state)), [state]);

  const tools: { tool: EditorTool; label: string; icon: ReactNode }[] = [
    {
      tool: { type: 'seat-gap' },
      label: 'Seat or gap',
      icon: <SquareDashed aria-hidden className="size-4" />,
    },
    ...state.classes.map((className, classIndex) => ({
      tool: { type: 'class', classIndex } as EditorTool,
      label: `Paint ${className || `class ${classIndex + 1}`}`,
      icon: (
        <span
          aria-hidden
          className={`size-4 rounded-sm border-2 ${classToneClass[classIndex % classToneClass.length]}`}
        />
      ),
    })),
    {
      tool: { type: 'wheelchair' },
      label: 'Wheelchair space',
      icon: <Accessibility aria-hidden className="size-4" />,
    },
    {
      tool: { type: 'companion' },
      label: 'Companion seat',
      icon: <HandHelping aria-hidden className="size-4" />,
    },
  ];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setMessage('Please enter a screen name');
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? 'The layout is not valid');
    setMessage(undefined);
    save.mutate(
      { id: screen?._id, name: name.trim(), layout: layoutInputOf(state) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message || 'Screen saved');
          onDone();
        },
        // The server's own words (a duplicate name, a companion seat on its own) beside the form.
        onError: (error) =>
          setMessage(error instanceof ApiError ? error.message : 'Failed to save the screen'),
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby={headingId}
      className="space-y-6 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          {screen ? `Edit ${screen.name}` : 'New screen'}
        </h2>
        <p className="mt-2 flex gap-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          Edits apply to new shows only: every show already scheduled keeps the layout it was created with, so
          no sold seat map ever changes.
        </p>
      </div>
      <FormMessage message={message} />

      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <Field label="Screen name">
          {(control) => (
            <input
              {...control}
              name="name"
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
        <Field label="Rows" hint={`1 to ${MAX_LAYOUT_ROWS}, lettered from the screen.`}>
          {(control) => (
            <input
              {...control}
              name="rows"
              type="number"
              min={1}
              max={MAX_LAYOUT_ROWS}
              value={rows}
              onChange={(event) =>
                dispatch({ type: 'resize', rows: event.target.valueAsNumber || 1, columns })
              }
              className={inputClassName}
            />
          )}
        </Field>
        <Field label="Columns" hint={`1 to ${MAX_ROW_POSITIONS} positions a row.`}>
          {(control) => (
            <input
              {...control}
              name="columns"
              type="number"
              min={1}
              max={MAX_ROW_POSITIONS}
              value={columns}
              onChange={(event) =>
                dispatch({ type: 'resize', rows, columns: event.target.valueAsNumber || 1 })
              }
              className={inputClassName}
            />
          )}
        </Field>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Seat classes (up to {MAX_SEAT_CLASSES})</legend>
        <ul className="flex flex-wrap gap-3">
          {state.classes.map((className, classIndex) => (
            <li key={classIndex} className="flex items-center gap-2">
              <span
                aria-hidden
                className={`size-5 rounded-sm border-2 ${classToneClass[classIndex % classToneClass.length]}`}
              />
              <input
                aria-label={`Name of class ${classIndex + 1}`}
                value={className}
                maxLength={20}
                onChange={(event) => dispatch({ type: 'rename-class', classIndex, name: event.target.value })}
                className={`${inputClassName} w-36`}
              />
              {state.classes.length > 1 && (
                <button
                  type="button"
                  onClick={() => {
                    dispatch({ type: 'remove-class', classIndex });
                    setTool({ type: 'seat-gap' });
                  }}
                  className={buttonClassName('ghost', 'px-2')}
                >
                  <Trash2 aria-hidden className="size-4" />
                  <span className="sr-only">Remove class {className || classIndex + 1}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
        {state.classes.length < MAX_SEAT_CLASSES && (
          <button
            type="button"
            onClick={() => dispatch({ type: 'add-class' })}
            className={buttonClassName('secondary')}
          >
            <Plus aria-hidden className="size-4" />
            Add class
          </button>
        )}
      </fieldset>

      <fieldset>
        <legend className="flex items-center gap-2 text-sm font-medium">
          <Paintbrush aria-hidden className="size-4" />
          Tool
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {tools.map(({ tool: option, label, icon }) => (
            <label
              key={toolKey(option)}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-zinc-300 px-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-zinc-700 dark:has-checked:bg-brand-900/40"
            >
              <input
                type="radio"
                name="tool"
                className="sr-only"
                checked={toolKey(option) === toolKey(tool)}
                onChange={() => setTool(option)}
              />
              {icon}
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <p id="layout-grid-help" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          Click or drag across positions to apply the tool; with the keyboard, the arrow keys move and Space
          or Enter applies it. Row A is nearest the screen. A companion seat sits right beside a wheelchair
          space.
        </p>
        <div className="overflow-x-auto pb-2">
          <div className="mx-auto w-max">
            <p className="mb-3 text-center text-xs font-semibold tracking-[0.3em] text-zinc-600 uppercase dark:text-zinc-400">
              Screen
            </p>
            <LayoutGrid
              state={state}
              tool={tool}
              onPaint={(row, col, mode) => dispatch({ type: 'paint', row, col, tool, mode })}
            />
          </div>
        </div>
        <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
          {parsed.success
            ? `${parsed.data.rows.reduce((n, r) => n + r.seats.filter(Boolean).length, 0)} seats`
            : parsed.error.issues[0]?.message}
        </p>
      </div>

      {renderPreview && (
        <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <button
            type="button"
            aria-expanded={isPreviewing}
            onClick={() => setIsPreviewing((open) => !open)}
            className={buttonClassName('secondary')}
          >
            {isPreviewing ? 'Hide preview' : 'Preview as the buyer sees it'}
          </button>
          {isPreviewing && parsed.success && (
            <section aria-label="Buyer preview" className="mt-4">
              {renderPreview(parsed.data)}
            </section>
          )}
        </div>
      )}

      <div className="flex justify-end gap-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <button type="button" onClick={onDone} className={buttonClassName('secondary')}>
          Cancel
        </button>
        <button type="submit" disabled={save.isPending} className={buttonClassName('primary')}>
          {save.isPending ? 'Saving...' : 'Save screen'}
        </button>
      </div>
    </form>
  );
}
