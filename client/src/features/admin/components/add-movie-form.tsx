import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCreateMovie } from '../api/create-movie.ts';
import {
  emptyMovieForm,
  movieFieldOrder,
  toCreateMovieRequest,
  validateMovieForm,
  type MovieFormValues,
  type MovieTextField,
} from '../movie-form.ts';
import type { FieldErrors } from '../show-form.ts';
import { focusControl } from './field.tsx';
import { MovieFields } from './movie-fields.tsx';

/** Spec §3's add form (every OMDb field), plus a trailer link and the home page's featured flag. */
export function AddMovieForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<MovieFormValues>(emptyMovieForm);
  const [errors, setErrors] = useState<FieldErrors<MovieTextField>>({});
  const createMovie = useCreateMovie();

  function change(name: MovieTextField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    // An error goes once the field is being fixed, so it never contradicts what is typed.
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateMovieForm(values);
    setErrors(found);
    const first = movieFieldOrder.find((name) => found[name]);
    if (first) {
      focusControl(formRef.current, first);
      return;
    }
    createMovie.mutate(toCreateMovieRequest(values), {
      onSuccess: () => {
        toast.success('Movie added successfully!');
        setValues(emptyMovieForm);
        focusControl(formRef.current, 'Title');
      },
      onError: (error) => {
        toast.error(error instanceof ApiError ? error.message : 'Failed to add movie. Please try again.');
      },
    });
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      aria-label="Add Movie"
      className="max-w-4xl rounded-xl border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">
        Fields marked <span aria-hidden>*</span>
        <span className="sr-only">required</span> are required; everything else is optional.
      </p>
      <MovieFields
        values={values}
        errors={errors}
        onChange={change}
        onFeaturedChange={(featured) => setValues((current) => ({ ...current, featured }))}
        onLanguagesChange={(languages) => setValues((current) => ({ ...current, languages }))}
        onFormatChange={(format) => setValues((current) => ({ ...current, format }))}
      />
      <div className="mt-6 flex justify-end border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <button type="submit" disabled={createMovie.isPending} className={buttonClassName('primary')}>
          {createMovie.isPending ? 'Adding Movie...' : 'Add Movie'}
        </button>
      </div>
    </form>
  );
}
