import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const clientDist = fileURLToPath(new URL('../../../client/dist', import.meta.url));
const posters = fileURLToPath(new URL('../../assets/posters', import.meta.url));

/**
 * Serves the built client and the shipped posters. Any other path outside /api answers the app,
 * whose router shows the 404 page; unknown /api paths answer JSON 404.
 */
export const staticFiles = fp(async (app: FastifyInstance) => {
  await app.register(fastifyStatic, {
    root: posters,
    prefix: '/posters/',
    decorateReply: false,
    maxAge: '1d',
    preCompressed: true,
  });

  const indexPath = path.join(clientDist, 'index.html');
  const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath) : null;
  const hasClient = indexHtml !== null;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-dist.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ success: false, message: `Not found: ${request.method} ${url.slice(0, 200)}` });
    }
    // A missing file is a 404; any other page is the app's to route (it shows its own 404 page).
    const isFile = /\.[a-z0-9]+$/i.test(url) || url.startsWith('/assets/') || url.startsWith('/posters/');
    if ((request.method === 'GET' || request.method === 'HEAD') && hasClient && !isFile) {
      return reply
        .status(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    return reply.status(404).send({ success: false, message: 'Not found' });
  });
});
