import { useParams } from 'react-router';
import { InvoicePage } from '../../features/invoices/components/invoice-page.tsx';

/** /invoices/:id (behind the sign-in guard): a paid booking's tax invoice, printable. */
export function InvoiceRoute() {
  const { id = '' } = useParams();
  return <InvoicePage bookingId={id} />;
}
