import {
  cinemaDay,
  distributorSharePaise,
  paiseToRupees,
  type FilmsReport,
  type TaxSlab,
} from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { ticketSales } from './ticket-sales.ts';

/**
 * The films report (CONTRACT §14) for the shows that play from `from` to `to` (cinema calendar):
 * per film the shows played, admissions (paid tickets and comps), gross, GST, net, and the
 * distributor's share — the film's `distributorSharePercent` of its net for the whole period,
 * rounded down to the paisa (decision 0025). Films with no show in the period are left out; a
 * cancelled show is not counted as played unless it sold something that still stands.
 */
export async function filmsReport({
  db,
  from,
  to,
  timeZone,
  fallbackSlabs,
}: {
  db: Queryable;
  from: string;
  to: string;
  timeZone: string;
  fallbackSlabs: readonly TaxSlab[];
}): Promise<FilmsReport> {
  const start = cinemaDay(from, timeZone).start;
  const end = cinemaDay(to, timeZone).end;
  const [showRows, sales] = await Promise.all([
    db.execute(sql`
      select s.id, s.movie_id, s.status, m.title, m.distributor_share_percent
      from shows s join movies m on m.id = s.movie_id
      where s.starts_at >= ${start.toISOString()}::timestamptz and s.starts_at < ${end.toISOString()}::timestamptz`) as unknown as Promise<{
      rows: {
        id: string;
        movie_id: string;
        status: string;
        title: string;
        distributor_share_percent: string;
      }[];
    }>,
    ticketSales({ db, start, end, fallbackSlabs }),
  ]);

  const sold = new Map<string, { admissions: number; gross: number; gst: number }>();
  for (const s of sales) {
    const t = sold.get(s.showId) ?? { admissions: 0, gross: 0, gst: 0 };
    t.admissions += s.online + s.counter + s.comps;
    t.gross += s.gross;
    t.gst += s.gst;
    sold.set(s.showId, t);
  }

  const films = new Map<
    string,
    { film: string; percent: number; shows: number; admissions: number; gross: number; gst: number }
  >();
  for (const show of showRows.rows) {
    const takings = sold.get(show.id);
    if (show.status === 'cancelled' && !takings) continue;
    const film = films.get(show.movie_id) ?? {
      film: show.title,
      percent: Number(show.distributor_share_percent),
      shows: 0,
      admissions: 0,
      gross: 0,
      gst: 0,
    };
    film.shows += 1;
    film.admissions += takings?.admissions ?? 0;
    film.gross += takings?.gross ?? 0;
    film.gst += takings?.gst ?? 0;
    films.set(show.movie_id, film);
  }

  const lines = [...films.entries()]
    .map(([movieId, f]) => {
      const net = f.gross - f.gst;
      return { movieId, ...f, net, share: distributorSharePaise(net, f.percent) };
    })
    .sort((a, b) => b.gross - a.gross || a.film.localeCompare(b.film));
  const sum = (key: 'shows' | 'admissions' | 'gross' | 'gst' | 'net' | 'share') =>
    lines.reduce((total, l) => total + l[key], 0);
  return {
    from,
    to,
    films: lines.map((l) => ({
      movieId: l.movieId,
      film: l.film,
      shows: l.shows,
      admissions: l.admissions,
      gross: paiseToRupees(l.gross),
      gst: paiseToRupees(l.gst),
      net: paiseToRupees(l.net),
      distributorSharePercent: l.percent,
      distributorShare: paiseToRupees(l.share),
    })),
    totals: {
      shows: sum('shows'),
      admissions: sum('admissions'),
      gross: paiseToRupees(sum('gross')),
      gst: paiseToRupees(sum('gst')),
      net: paiseToRupees(sum('net')),
      distributorShare: paiseToRupees(sum('share')),
    },
  };
}
