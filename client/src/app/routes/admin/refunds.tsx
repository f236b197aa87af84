import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { ReconciliationReport } from '../../../features/admin/components/reconciliation-report.tsx';
import { RefundsList } from '../../../features/admin/components/refunds-list.tsx';

export function AdminRefundsRoute() {
  return (
    <>
      <PageHeader
        title="Refunds"
        description="Money owed back to buyers, what the payment gateway answered, and whether money and seats agree."
      />
      <section aria-labelledby="reconciliation-heading" className="mb-8">
        <h2 id="reconciliation-heading" className="mb-3 text-lg font-semibold">
          Reconciliation
        </h2>
        <ReconciliationReport />
      </section>
      <section aria-labelledby="refunds-heading">
        <h2 id="refunds-heading" className="mb-3 text-lg font-semibold">
          Refunds
        </h2>
        <RefundsList />
      </section>
    </>
  );
}
