import { randomUUID } from 'node:crypto';
import {
  DEFAULT_DISTRIBUTOR_SHARE_PERCENT,
  DEFAULT_FILM_FORMAT,
  languagesFromText,
  ratingFromText,
  type CreateMovieInput,
  type Movie,
} from '@marquee/shared';
import { eq, like, or } from 'drizzle-orm';
import { pgError, type Db } from '../../db/client.ts';
import { movies } from '../../db/schema.ts';
import { notifyCatalogueChange, toMovie } from '../catalogue/index.ts';

/** 'Big Buck Bunny!' → 'big-buck-bunny'; a title with no letters or digits gives 'movie'. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'movie';
}

/** The first of slug, slug-year, slug-2, slug-3 … not in `taken`. */
export function freeSlug(base: string, year: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  const withYear = `${base}-${slugify(year)}`;
  if (!taken.has(withYear)) return withYear;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Adds a movie to the catalogue under a free slug (its /book/{slug} link). Two staff adding
 * the same title at once both succeed: the unique slug index refuses one, which tries again.
 */
export async function createMovie(db: Db, input: CreateMovieInput, now: Date): Promise<Movie> {
  const base = slugify(input.Title);
  for (let attempt = 0; ; attempt++) {
    const taken = await db
      .select({ slug: movies.slug })
      .from(movies)
      .where(or(eq(movies.slug, base), like(movies.slug, `${base}-%`)));
    const slug = freeSlug(base, input.Year, new Set(taken.map((row) => row.slug)));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(movies)
          .values({
            id: randomUUID(),
            slug,
            title: input.Title,
            year: input.Year,
            rated: input.Rated,
            released: input.Released,
            runtime: input.Runtime,
            genre: input.Genre,
            director: input.Director,
            writer: input.Writer,
            actors: input.Actors,
            plot: input.Plot,
            // The free text as typed; without it, the languages chosen, so the detail page names them.
            language: input.Language || (input.languages ?? []).join(', '),
            languages: input.languages ?? languagesFromText(input.Language),
            format: input.format ?? DEFAULT_FILM_FORMAT,
            country: input.Country,
            awards: input.Awards,
            poster: input.Poster,
            rating: ratingFromText(input.Ratings),
            trailerLink: input.trailer_link,
            isFeatured: input.featured,
            distributorSharePercent: input.distributorSharePercent ?? DEFAULT_DISTRIBUTOR_SHARE_PERCENT,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await notifyCatalogueChange(tx);
        return toMovie(row!);
      });
    } catch (error) {
      if (pgError(error)?.code !== '23505' || attempt >= 3) throw error;
    }
  }
}
