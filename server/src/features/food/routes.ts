import { productInput, productOrderInput, productUpdateInput, type ProductsResponse } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { requireAdmin } from '../auth/index.ts';
import { foodDocs as docs } from './docs.ts';
import { createProduct, listProducts, reorderProducts, toProduct, updateProduct } from './products.ts';

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
    return { success: true, message: 'Product saved', product: toProduct(row) };
  });
}
