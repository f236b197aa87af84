import { useParams } from 'react-router';
import { BoxOfficePage, type CounterSeatMapProps } from '../../features/boxoffice/boxoffice-page.tsx';
import { ReceiptPage } from '../../features/boxoffice/receipt-page.tsx';
import { ShiftReportPage } from '../../features/boxoffice/shift-report-page.tsx';
import { SeatMap } from '../../features/seat-selection/components/seat-map.tsx';
import { TicketQr } from '../../features/tickets/components/ticket-qr.tsx';

// The box office composes other features here, in the app layer: the booking page's seat map and
// the ticket's QR code (CONTRACT §11).

const noSeats: ReadonlySet<string> = new Set();

/** The counter sells held-back seats too, so none is marked held; the server keeps every other rule. */
function CounterSeatMap(props: CounterSeatMapProps) {
  return <SeatMap {...props} held={noSeats} stranded={null} />;
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
