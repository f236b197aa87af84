import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets style attributes (carousel transforms, widths); no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  // Admins may give a poster as any https URL.
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The usual hardening headers, computed once. (@fastify/helmet gave the same headers but
 * re-derived them on every request, which cost a third of the seat map's throughput.)
 */
export const securityHeaders = fp(async (app: FastifyInstance, { https }: { https: boolean }) => {
  const headers: [string, string][] = [
    ['content-security-policy', contentSecurityPolicy],
    ['cross-origin-opener-policy', 'same-origin'],
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

  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
});
