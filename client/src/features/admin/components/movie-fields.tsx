import { useId } from 'react';
import { movieTextFields, type MovieFormValues, type MovieTextField } from '../movie-form.ts';
import type { FieldErrors } from '../show-form.ts';
import { Field, inputClassName, textareaClassName } from './field.tsx';

interface MovieFieldsProps {
  values: MovieFormValues;
  errors: FieldErrors<MovieTextField>;
  onChange: (name: MovieTextField, value: string) => void;
  onFeaturedChange: (featured: boolean) => void;
}

/** Every field of spec §3's add form and the featured flag: what Add Movie and Edit movie share. */
export function MovieFields({ values, errors, onChange, onFeaturedChange }: MovieFieldsProps) {
  const featuredId = useId();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {movieTextFields.map((field) => {
        const required = 'required' in field && field.required;
        const wide = 'multiline' in field || field.name === 'Poster' || field.name === 'trailer_link';
        return (
          <Field
            key={field.name}
            className={wide ? 'sm:col-span-2' : ''}
            label={
              <>
                {field.label}
                {required && (
                  <span aria-hidden className="text-red-700 dark:text-red-400">
                    {' '}
                    *
                  </span>
                )}
              </>
            }
            error={errors[field.name]}
          >
            {(control) =>
              'multiline' in field ? (
                <textarea
                  {...control}
                  name={field.name}
                  rows={4}
                  value={values[field.name]}
                  onChange={(event) => onChange(field.name, event.target.value)}
                  className={textareaClassName}
                />
              ) : (
                <input
                  {...control}
                  name={field.name}
                  type={'type' in field ? field.type : 'text'}
                  inputMode={'inputMode' in field ? field.inputMode : undefined}
                  placeholder={'placeholder' in field ? field.placeholder : undefined}
                  required={required || undefined}
                  aria-required={required || undefined}
                  value={values[field.name]}
                  onChange={(event) => onChange(field.name, event.target.value)}
                  className={inputClassName}
                />
              )
            }
          </Field>
        );
      })}
      <div className="flex items-start gap-3 sm:col-span-2">
        <input
          id={featuredId}
          name="featured"
          type="checkbox"
          checked={values.featured}
          onChange={(event) => onFeaturedChange(event.target.checked)}
          aria-describedby={`${featuredId}-hint`}
          className="mt-0.5 size-4 rounded border-zinc-300 accent-brand-700 dark:border-zinc-600"
        />
        <div>
          <label htmlFor={featuredId} className="text-sm font-medium">
            Featured on the home page
          </label>
          <p id={`${featuredId}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
            Featured movies appear in the home page’s hero carousel once they have shows.
          </p>
        </div>
      </div>
    </div>
  );
}
