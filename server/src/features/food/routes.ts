import { productInput, productOrderInput, productUpdateInput, type ProductsResponse } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { requireAdmin, requireStaff } from '../auth/index.ts';
import { findBookings } from '../bookings/index.ts';
import { collectItems } from './collect.ts';
import { foodDocs as docs } from './docs.ts';
import { createProduct, listProducts, reorderProducts, toProduct, updateProduct } from './products.ts';

/** Food and drink (CONTRACT §12): the menu, its admin, and handing items over at the door. */
export async function foodRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;

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
    return { success: true, message: 'Product saved', product: toProduct(row) };
  });

  app.post<{ Params: { id: string } }>(
    '/api/bookings/:id/collect',
    { schema: docs.collect },
    async (request) => {
      const staff = await requireStaff(request);
      const now = clock();
      await collectItems({ db, bookingId: request.params.id, staffId: staff.id, now, timeZone });
      const [booking] = await findBookings({ db, where: { ids: [request.params.id] }, now, timeZone });
      return { success: true, message: 'Items collected', booking };
    },
  );
}
