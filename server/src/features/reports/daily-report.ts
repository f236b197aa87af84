import {
  cinemaDay,
  formatTimeOfDay,
  layoutClasses,
  paiseToRupees,
  toZonedParts,
  type DailyReport,
  type Layout,
  type TaxSlab,
  type TicketFigures,
} from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { foodSales, type FoodLine } from './food-sales.ts';
import { ticketSales, type ClassSales } from './ticket-sales.ts';

/** Ticket figures in paise while they are added up. */
interface Tally {
  online: number;
  counter: number;
  comps: number;
  gross: number;
  gst: number;
}
const emptyTally = (): Tally => ({ online: 0, counter: 0, comps: 0, gross: 0, gst: 0 });
function addTo(total: Tally, part: Tally) {
  total.online += part.online;
  total.counter += part.counter;
  total.comps += part.comps;
  total.gross += part.gross;
  total.gst += part.gst;
}
export function ticketFigures(t: Tally): TicketFigures {
  return {
    online: t.online,
    counter: t.counter,
    comps: t.comps,
    tickets: t.online + t.counter + t.comps,
    gross: paiseToRupees(t.gross),
    gst: paiseToRupees(t.gst),
    net: paiseToRupees(t.gross - t.gst),
  };
}

/**
 * The daily collection report (CONTRACT §14) for the shows that play on `date` (the cinema's
 * calendar): per show and class the price, tickets online and at the counter, comps, gross, GST
 * and net; the food and drink sold for those shows; the day's totals. Shows cancelled with nothing
 * sold are left out.
 */
export async function dailyReport({
  db,
  date,
  timeZone,
  fallbackSlabs,
}: {
  db: Queryable;
  date: string;
  timeZone: string;
  fallbackSlabs: readonly TaxSlab[];
}): Promise<DailyReport> {
  const { start, end } = cinemaDay(date, timeZone);
  const [showRows, sales, food] = await Promise.all([
    db.execute(sql`
      select s.id, s.starts_at, s.screen_name, s.status, s.layout, s.prices, m.title
      from shows s join movies m on m.id = s.movie_id
      where s.starts_at >= ${start.toISOString()}::timestamptz and s.starts_at < ${end.toISOString()}::timestamptz
      order by s.starts_at, s.screen_name, m.title`) as unknown as Promise<{
      rows: {
        id: string;
        starts_at: string | Date;
        screen_name: string;
        status: string;
        layout: Layout;
        prices: Record<string, number>;
        title: string;
      }[];
    }>,
    ticketSales({ db, start, end, fallbackSlabs }),
    foodSales({ db, start, end }),
  ]);

  const byShow = new Map<string, ClassSales[]>();
  for (const row of sales) byShow.set(row.showId, [...(byShow.get(row.showId) ?? []), row]);

  const dayTotal = emptyTally();
  const shows = showRows.rows.flatMap((show) => {
    const sold = byShow.get(show.id) ?? [];
    if (show.status === 'cancelled' && sold.length === 0) return [];
    const classNames = [...new Set([...layoutClasses(show.layout), ...sold.map((s) => s.class)])];
    const showTotal = emptyTally();
    const classes = classNames.map((name) => {
      const tally = sold.find((s) => s.class === name) ?? emptyTally();
      addTo(showTotal, tally);
      const price = Object.hasOwn(show.prices, name) ? (show.prices[name] ?? 0) : 0;
      return { class: name, price: paiseToRupees(price), ...ticketFigures(tally) };
    });
    addTo(dayTotal, showTotal);
    const startsAt = new Date(show.starts_at);
    return [
      {
        showId: show.id,
        film: show.title,
        screen: show.screen_name,
        time: formatTimeOfDay(toZonedParts(startsAt, timeZone).minutes),
        startsAt: startsAt.toISOString(),
        status: show.status,
        classes,
        totals: ticketFigures(showTotal),
      },
    ];
  });

  const foodTotal = food.reduce(
    (t: { quantity: number; gross: number; gst: number }, l: FoodLine) => ({
      quantity: t.quantity + l.quantity,
      gross: t.gross + l.gross,
      gst: t.gst + l.gst,
    }),
    { quantity: 0, gross: 0, gst: 0 },
  );
  const money = (gross: number, gst: number) => ({
    gross: paiseToRupees(gross),
    gst: paiseToRupees(gst),
    net: paiseToRupees(gross - gst),
  });
  return {
    date,
    shows,
    food: {
      lines: food.map((l) => ({ name: l.name, quantity: l.quantity, ...money(l.gross, l.gst) })),
      totals: { quantity: foodTotal.quantity, ...money(foodTotal.gross, foodTotal.gst) },
    },
    totals: {
      tickets: ticketFigures(dayTotal),
      food: money(foodTotal.gross, foodTotal.gst),
      ...money(dayTotal.gross + foodTotal.gross, dayTotal.gst + foodTotal.gst),
    },
  };
}
