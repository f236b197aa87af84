import { useParams } from 'react-router';
import { SharedTicketPage } from '../../features/tickets/components/shared-ticket-page.tsx';

/** /share/:token (no sign-in): a ticket its buyer shared with a link. */
export function SharedTicketRoute() {
  const { token = '' } = useParams();
  return <SharedTicketPage token={token} />;
}
