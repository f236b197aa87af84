import { cbfcRatingMeanings, cbfcRatings, filmFormats, filmLanguages } from '@marquee/shared';
import { useId } from 'react';
import { movieTextFields, type MovieFormValues, type MovieTextField } from '../movie-form.ts';
import type { FieldErrors } from '../show-form.ts';
import { Field, inputClassName, textareaClassName } from './field.tsx';

interface MovieFieldsProps {
  values: MovieFormValues;
  errors: FieldErrors<MovieTextField>;
  onChange: (name: MovieTextField, value: string) => void;
  onFeaturedChange: (featured: boolean) => void;
  onLanguagesChange: (languages: string[]) => void;
  onFormatChange: (format: string) => void;
}

/** Every field of spec §3's add form and the featured flag: what Add Movie and Edit movie share. */
export function MovieFields({
  values,
  errors,
  onChange,
  onFeaturedChange,
  onLanguagesChange,
  onFormatChange,
}: MovieFieldsProps) {
  const featuredId = useId();
  const formatId = useId();
  const toggleLanguage = (language: string, on: boolean) =>
    // Kept in the list's order, whatever order they were ticked in.
    onLanguagesChange(filmLanguages.filter((l) => (l === language ? on : values.languages.includes(l))));
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
              field.name === 'Rated' ? (
                <select
                  {...control}
                  name={field.name}
                  value={values.Rated}
                  onChange={(event) => onChange('Rated', event.target.value)}
                  className={inputClassName}
                >
                  <option value="">Not certified yet</option>
                  {cbfcRatings.map((rating) => (
                    <option key={rating} value={rating}>
                      {rating} — {cbfcRatingMeanings[rating]}
                    </option>
                  ))}
                  {/* A film added before (or through the API) keeps the text it was given. */}
                  {values.Rated && !(cbfcRatings as readonly string[]).includes(values.Rated) && (
                    <option value={values.Rated}>{values.Rated}</option>
                  )}
                </select>
              ) : 'multiline' in field ? (
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
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Languages</legend>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          What buyers filter by; left empty, read from the Language text.
        </p>
        <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
          {filmLanguages.map((language) => (
            <label key={language} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="languages"
                value={language}
                checked={values.languages.includes(language)}
                onChange={(event) => toggleLanguage(language, event.target.checked)}
                className="size-4 rounded border-zinc-300 accent-brand-700 dark:border-zinc-600"
              />
              {language}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={formatId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Format
        </label>
        <select
          id={formatId}
          name="format"
          value={values.format}
          onChange={(event) => onFormatChange(event.target.value)}
          className={inputClassName}
        >
          {filmFormats.map((format) => (
            <option key={format}>{format}</option>
          ))}
        </select>
      </div>
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
