import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const contentSecurityPolicy = (paymentOrigins: string) =>
  [
    "default-src 'self'",
    `script-src 'self'${paymentOrigins}`,
    // React sets style attributes (carousel transforms, widths); no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    // Admins may give a poster as any https URL.
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${paymentOrigins}`,
    `frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com${paymentOrigins}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The usual hardening headers, computed once. (@fastify/helmet gave the same headers but
 * re-derived them on every request, which cost a third of the seat map's throughput.)
 */
export const securityHeaders = fp(
  async (
    app: FastifyInstance,
    {
      https,
      paymentOrigins = [],
    }: {
      https: boolean;
      /** A payment gateway's checkout (Razorpay): its script, frames and calls are allowed. */
      paymentOrigins?: string[];
    },
  ) => {
    const allowed = [...new Set(paymentOrigins)].map((origin) => ` ${origin}`).join('');
    const headers: [string, string][] = [
      ['content-security-policy', contentSecurityPolicy(allowed)],
      // Checkout opens bank and UPI pages in pop-ups that report back to it.
      ['cross-origin-opener-policy', paymentOrigins.length ? 'same-origin-allow-popups' : 'same-origin'],
      ['cross-origin-resource-policy', 'same-origin'],
      ['origin-agent-cluster', '?1'],
      ['referrer-policy', 'no-referrer'],
      ['x-content-type-options', 'nosniff'],
      ['x-dns-prefetch-control', 'off'],
      ['x-frame-options', 'DENY'],
      ['x-permitted-cross-domain-policies', 'none'],
      ['permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=(self)'],
    ];
    if (https) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);

    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headers) reply.header(name, value);
      // API answers are live and often someone's own (bookings, sessions, tickets): no browser or
      // shared cache keeps them. A route that may be cached says so itself, overriding this.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      done();
    });
  },
);
