import { useParams } from 'react-router';
import { PaymentPage } from '../../features/my-bookings/components/payment-page.tsx';

/** /pay/:paymentId — the sandbox gateway's payment page (signed-in only). */
export function PayRoute() {
  const { paymentId = '' } = useParams();
  return <PaymentPage key={paymentId} paymentId={paymentId} />;
}
