import { foodMessages, imageTypeOf, type ProductImageType } from '@marquee/shared';
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { productImages } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Product pictures stored with the app (CONTRACT §12). A picture's URL carries its version (the
 * start of its bytes' SHA-256), so a new picture is a new URL and each one may be cached for good.
 */

/** Where a product's picture is served, with the version that makes the URL change with it. */
export const pictureUrl = (productId: string, version: string) =>
  `/api/products/${productId}/image?v=${encodeURIComponent(version)}`;

/** The version of each product's picture, for those that have one. */
export async function pictureVersions(
  db: Queryable,
  productIds?: readonly string[],
): Promise<Map<string, string>> {
  if (productIds && !productIds.length) return new Map();
  const rows = await db
    .select({ productId: productImages.productId, version: productImages.version })
    .from(productImages)
    .where(productIds ? inArray(productImages.productId, [...productIds]) : undefined);
  return new Map(rows.map((row) => [row.productId, row.version]));
}

/**
 * Keeps `bytes` as the product's picture (replacing any), its type read from the bytes
 * themselves: 415 unless JPEG, PNG or WebP. The product must exist (the caller checks).
 */
export async function savePicture(
  db: Queryable,
  productId: string,
  bytes: Buffer,
  now: Date,
): Promise<{ version: string; contentType: ProductImageType }> {
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', foodMessages.pictureType);
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  await db
    .insert(productImages)
    .values({ productId, bytes, contentType, version, updatedAt: now })
    .onConflictDoUpdate({
      target: productImages.productId,
      set: { bytes, contentType, version, updatedAt: now },
    });
  return { version, contentType };
}

/** Removes the product's picture; false when it had none. */
export async function deletePicture(db: Queryable, productId: string): Promise<boolean> {
  const removed = await db
    .delete(productImages)
    .where(eq(productImages.productId, productId))
    .returning({ productId: productImages.productId });
  return removed.length > 0;
}

/** The stored picture, or 404 when the product has none (or does not exist). */
export async function readPicture(db: Queryable, productId: string) {
  if (!isUuid(productId)) throw notFound(foodMessages.noPicture);
  const [row] = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId.toLowerCase()));
  if (!row) throw notFound(foodMessages.noPicture);
  return row;
}
