import { layoutClasses } from '@marquee/shared';
import { useParams } from 'react-router';
import { BoxOfficePage, type CounterSeatMapProps } from '../../features/boxoffice/boxoffice-page.tsx';
import { ReceiptPage } from '../../features/boxoffice/receipt-page.tsx';
import { ShiftReportPage } from '../../features/boxoffice/shift-report-page.tsx';
import { CinemaScreen } from '../../features/seat-selection/components/cinema-screen.tsx';
import { SeatLegend } from '../../features/seat-selection/components/seat-legend.tsx';
import { SeatMap } from '../../features/seat-selection/components/seat-map.tsx';
import { TicketQr } from '../../features/tickets/components/ticket-qr.tsx';

// The box office composes other features here, in the app layer: the booking page's seat map and
// the ticket's QR code (CONTRACT §11).

const noSeats: ReadonlySet<string> = new Set();

/**
 * The counter sells held-back seats too, so none is marked held; the server keeps every other rule.
 * Under the map, the booking page's key: each class's colour and price, the wheelchair spaces.
 */
function CounterSeatMap({ prices, ...props }: CounterSeatMapProps) {
  const kinds = new Set(props.layout.rows.flatMap((row) => row.seats.map((seat) => seat?.kind)));
  return (
    <>
      {/* Which way the room faces, for the seats shown to a customer across the counter. */}
      <div className="mx-auto w-max">
        <CinemaScreen />
        <SeatMap {...props} held={noSeats} stranded={null} />
      </div>
      <div className="mt-4 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <SeatLegend
          classes={layoutClasses(props.layout).map((name) => ({ name, price: prices[name] }))}
          hasWheelchair={kinds.has('wheelchair')}
          hasCompanion={kinds.has('companion')}
        />
      </div>
    </>
  );
}

/** /boxoffice (signed in; the server serves staff and admins only). */
export function BoxOfficeRoute() {
  return <BoxOfficePage renderSeatMap={(props) => <CounterSeatMap {...props} />} />;
}

/** /boxoffice/receipts/:id: the 80 mm receipt with the ticket's QR code. */
export function ReceiptRoute() {
  const { id = '' } = useParams();
  return <ReceiptPage bookingId={id} renderQr={(code, label) => <TicketQr code={code} label={label} />} />;
}

/** /boxoffice/shifts/:id: a shift's printable cash-up. */
export function ShiftReportRoute() {
  const { id = '' } = useParams();
  return <ShiftReportPage shiftId={id} />;
}
