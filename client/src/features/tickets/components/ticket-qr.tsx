import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The ticket's code as a QR code, drawn as SVG by the `qrcode` package: crisp at any size and in
 * print. Dark modules on a white quiet zone whatever the theme, as scanners expect.
 */
export function TicketQr({ code, label }: { code: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(code, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 4,
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="ticket-qr"
      className="aspect-square w-full max-w-64 rounded-lg bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
      // The markup is the qrcode package's own SVG of our code: no user text reaches it.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
