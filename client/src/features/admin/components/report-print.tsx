// The one print stylesheet of the reports: the report alone, black on white whatever the theme,
// landscape A4 so a show's row fits; the date picker, buttons and the admin frame left off paper.
const printStyles = `
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  .marquee-report, .marquee-report * { visibility: visible !important; color: #000 !important;
    background: #fff !important; border-color: #999 !important; box-shadow: none !important; }
  .marquee-report { position: absolute; inset: 0 auto auto 0; width: 100%; margin: 0; padding: 0; font-size: 9pt; }
  .marquee-report [role='region'] { overflow: visible !important; border: 0 !important; }
  .marquee-report table { min-width: 0 !important; }
  .marquee-report-controls { display: none !important; }
  .marquee-report section { break-inside: avoid; }
}`;

export function ReportPrintStyles() {
  return <style>{printStyles}</style>;
}
