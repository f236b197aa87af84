import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useSettings } from '../api/settings.ts';

/**
 * Said while the cinema's GSTIN is not set (CONTRACT §10): every invoice issued meanwhile says
 * "GSTIN: not registered". Nothing for staff, who cannot read the settings.
 */
export function GstinMissingNote() {
  const settings = useSettings();
  const seller = settings.data?.settings.cinema;
  if (!seller || seller.gstin) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        The cinema&apos;s GSTIN is not set, so its invoices say &ldquo;GSTIN: not registered&rdquo;.{' '}
        <Link className="font-semibold underline" to="/admin/settings">
          Set it in Settings
        </Link>{' '}
        before filing; invoices already issued keep what they were issued with.
      </span>
    </p>
  );
}
