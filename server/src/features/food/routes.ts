import {
  PRODUCT_IMAGE_MAX_BYTES,
  foodMessages,
  productInput,
  productOrderInput,
  productUpdateInput,
  type ProductsResponse,
} from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { requireAdmin } from '../auth/index.ts';
import { foodDocs as docs } from './docs.ts';
import { deletePicture, readPicture, savePicture } from './pictures.ts';
import {
  answerProduct,
  createProduct,
  findProduct,
  listProducts,
  reorderProducts,
  toProduct,
  updateProduct,
} from './products.ts';

/** A year: a picture's URL names its version, so what it answers never changes. */
const FOREVER = 'public, max-age=31536000, immutable';

/** Food and drink (CONTRACT §12): the menu and its admin. Handing items over is the door's (admission). */
export async function foodRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.get('/api/products', { schema: docs.menu }, async (): Promise<ProductsResponse> => {
    return {
      success: true,
      message: 'Products fetched',
      products: await listProducts(db, { activeOnly: true }),
    };
  });

  app.get('/api/admin/products', { schema: docs.all }, async (request): Promise<ProductsResponse> => {
    await requireAdmin(request);
    return {
      success: true,
      message: 'Products fetched',
      products: await listProducts(db, { activeOnly: false }),
    };
  });

  app.post('/api/admin/products', { schema: docs.create }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const input = parseInput(productInput, request.body ?? {});
    const row = await createProduct(db, input, clock());
    await recordAudit(db, {
      actorId: admin.id,
      action: 'product.create',
      entityType: 'product',
      entityId: row.id,
      details: { name: row.name },
    });
    reply.status(201);
    return { success: true, message: 'Product added', product: toProduct(row) };
  });

  app.post(
    '/api/admin/products/reorder',
    { schema: docs.reorder },
    async (request): Promise<ProductsResponse> => {
      const admin = await requireAdmin(request);
      const { ids } = parseInput(productOrderInput, request.body ?? {});
      await reorderProducts(db, ids, clock());
      await recordAudit(db, {
        actorId: admin.id,
        action: 'product.reorder',
        entityType: 'product',
        entityId: 'menu',
        details: { count: ids.length },
      });
      return {
        success: true,
        message: 'Menu reordered',
        products: await listProducts(db, { activeOnly: false }),
      };
    },
  );

  app.put<{ Params: { id: string } }>('/api/admin/products/:id', { schema: docs.update }, async (request) => {
    const admin = await requireAdmin(request);
    const input = parseInput(productUpdateInput, request.body ?? {});
    const row = await updateProduct(db, request.params.id, input, clock());
    await recordAudit(db, {
      actorId: admin.id,
      action: 'product.update',
      entityType: 'product',
      entityId: row.id,
      details: { ...input },
    });
    return { success: true, message: 'Product saved', product: await answerProduct(db, row) };
  });

  // The picture: served to anyone, by version; uploaded raw by admins (CONTRACT §12).
  app.get<{ Params: { id: string }; Querystring: { v?: string } }>(
    '/api/products/:id/image',
    { schema: docs.picture },
    async (request, reply) => {
      const picture = await readPicture(db, request.params.id);
      const etag = `"${picture.version}"`;
      // Only the current version's URL may be kept for good: an old `?v=` (or none) is revalidated.
      reply.header('etag', etag);
      reply.header('cache-control', request.query.v === picture.version ? FOREVER : 'no-cache');
      reply.header('x-content-type-options', 'nosniff');
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type(picture.contentType).send(picture.bytes);
    },
  );

  await app.register(async (raw) => {
    // The body is the picture's bytes, whatever Content-Type claims: they are judged by themselves.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.put<{ Params: { id: string } }>(
      '/api/admin/products/:id/image',
      {
        schema: docs.putPicture,
        bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
        // Who may upload is settled before a byte of the body is read.
        onRequest: async (request) => {
          await requireAdmin(request);
        },
        preParsing: async (request) => {
          const length = Number(request.headers['content-length']);
          if (length > PRODUCT_IMAGE_MAX_BYTES)
            throw new AppError('PAYLOAD_TOO_LARGE', foodMessages.pictureTooLarge);
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const row = await findProduct(db, request.params.id);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { version, contentType } = await savePicture(db, row.id, bytes, clock());
        await recordAudit(db, {
          actorId: admin.id,
          action: 'product.picture',
          entityType: 'product',
          entityId: row.id,
          details: { contentType, bytes: bytes.length, version },
        });
        return { success: true, message: 'Picture saved', product: await answerProduct(db, row) };
      },
    );
  });

  app.delete<{ Params: { id: string } }>(
    '/api/admin/products/:id/image',
    { schema: docs.deletePicture },
    async (request) => {
      const admin = await requireAdmin(request);
      const row = await findProduct(db, request.params.id);
      if (await deletePicture(db, row.id)) {
        await recordAudit(db, {
          actorId: admin.id,
          action: 'product.picture.delete',
          entityType: 'product',
          entityId: row.id,
          details: {},
        });
      }
      return { success: true, message: 'Picture removed', product: toProduct(row, null) };
    },
  );
}

/** Whether an If-None-Match header names `etag` (or is `*`), weak forms included. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
