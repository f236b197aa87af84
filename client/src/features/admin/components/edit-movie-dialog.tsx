import type { Movie } from '@marquee/shared';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/ui/modal.tsx';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useUpdateMovie } from '../api/movies.ts';
import {
  movieFieldOrder,
  movieFormFromMovie,
  toUpdateMovieRequest,
  validateMovieEdit,
  type MovieFormValues,
  type MovieTextField,
} from '../movie-form.ts';
import type { FieldErrors } from '../show-form.ts';
import { focusControl, FormMessage } from './field.tsx';
import { MovieFields } from './movie-fields.tsx';

/** Corrects any field of a movie; the server's refusals are shown as it words them. */
export function EditMovieDialog({ movie, onClose }: { movie: Movie; onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<MovieFormValues>(() => movieFormFromMovie(movie));
  const [errors, setErrors] = useState<FieldErrors<MovieTextField | 'form'>>({});
  const updateMovie = useUpdateMovie();

  function change(name: MovieTextField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, form: _form, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateMovieEdit(values, movie);
    setErrors(found);
    const first = movieFieldOrder.find((name) => found[name]);
    if (first) {
      focusControl(formRef.current, first);
      return;
    }
    const changes = toUpdateMovieRequest(values, movie);
    if (!Object.keys(changes).length) {
      toast.info('Nothing to save: no field was changed.');
      onClose();
      return;
    }
    updateMovie.mutate(
      { movieId: movie._id, changes },
      {
        onSuccess: (answer) => {
          toast.success(`${answer.movie.title}: changes saved.`);
          onClose();
        },
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  }

  return (
    <Modal title={`Edit movie: ${movie.title}`} onClose={onClose} panelClassName="mx-auto max-w-3xl">
      {/* Taller than a laptop's screen: the fields scroll between the title and the buttons. */}
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="flex max-h-[calc(100dvh-7rem)] flex-col"
      >
        <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Changes show on the buyers’ pages at once. The booking link stays <code>/book/{movie.slug}</code>.
          </p>
          <FormMessage message={errors.form} />
          <MovieFields
            values={values}
            errors={errors}
            onChange={change}
            onFeaturedChange={(featured) => setValues((current) => ({ ...current, featured }))}
            onLanguagesChange={(languages) => setValues((current) => ({ ...current, languages }))}
            onFormatChange={(format) => setValues((current) => ({ ...current, format }))}
          />
        </div>
        <div className="flex justify-end gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <button type="button" className={buttonClassName('secondary')} onClick={onClose}>
            Close
          </button>
          <button type="submit" disabled={updateMovie.isPending} className={buttonClassName('primary')}>
            {updateMovie.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
