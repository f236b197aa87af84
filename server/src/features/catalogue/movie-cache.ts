import type { Movie } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { listMovies } from './queries.ts';

/** NOTIFY channel for any change to the movies table. */
export const CATALOGUE_CHANNEL = 'marquee_catalogue';

interface Snapshot {
  list: Buffer;
  byId: Map<string, Movie>;
  bySlug: Map<string, Movie>;
}

/**
 * The movie catalogue in memory: read on every page, written a few times a week. Every write
 * to `movies` calls notifyCatalogueChange in its transaction, and every process drops its copy
 * when the notification arrives (after commit).
 */
export class MovieCache {
  private snapshot: Promise<Snapshot> | null = null;
  private generation = 0;

  constructor(private readonly db: Db) {}

  /** `{success, message, movies}` as prepared JSON bytes. */
  async listBody(): Promise<Buffer> {
    return (await this.load()).list;
  }

  /** A movie by its id, or by its slug (the /book/{slug} links), retired or not. */
  async find(idOrSlug: string): Promise<Movie | null> {
    const snapshot = await this.load();
    return snapshot.byId.get(idOrSlug) ?? snapshot.bySlug.get(idOrSlug) ?? null;
  }

  invalidate(): void {
    this.generation++;
    this.snapshot = null;
  }

  private load(): Promise<Snapshot> {
    if (this.snapshot) return this.snapshot;
    const generation = this.generation;
    const pending = listMovies({ db: this.db }).then((movies) => ({
      // Retired films are kept for GET /api/movies/{id} (tickets name them) but listed to nobody.
      list: Buffer.from(
        JSON.stringify({
          success: true,
          message: 'Movies fetched',
          movies: movies.filter((movie) => movie.active),
        }),
      ),
      byId: new Map(movies.map((movie) => [movie._id, movie])),
      bySlug: new Map(movies.map((movie) => [movie.slug, movie])),
    }));
    this.snapshot = pending;
    // A failed read is not remembered, and neither is one an invalidation overtook.
    pending.then(
      () => {
        if (this.generation !== generation && this.snapshot === pending) this.snapshot = null;
      },
      () => {
        if (this.snapshot === pending) this.snapshot = null;
      },
    );
    return pending;
  }
}

export async function notifyCatalogueChange(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}
