import { useParams } from 'react-router';
import { TicketPage } from '../../features/tickets/components/ticket-page.tsx';

/** /tickets/:id (behind the sign-in guard): a paid booking's ticket with its QR code. */
export function TicketRoute() {
  const { id = '' } = useParams();
  return <TicketPage bookingId={id} />;
}
