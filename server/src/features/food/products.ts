import {
  paiseToRupees,
  rupeesToPaise,
  type Product,
  type productInput,
  type productUpdateInput,
} from '@marquee/shared';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { readSettings } from '../settings/index.ts';
import { pictureUrl, pictureVersions } from './pictures.ts';

type ProductRow = typeof products.$inferSelect;
type ProductInput = z.infer<typeof productInput>;
type ProductUpdateInput = z.infer<typeof productUpdateInput>;

/** A product as answered; `pictureVersion` that of its stored picture, if it has one. */
export function toProduct(row: ProductRow, pictureVersion?: string | null): Product {
  return {
    _id: row.id,
    name: row.name,
    price: paiseToRupees(row.pricePaise),
    taxRate: row.taxRate,
    stock: row.stock,
    active: row.active,
    image: row.image,
    imageUrl: pictureVersion ? pictureUrl(row.id, pictureVersion) : null,
    position: row.position,
  };
}

/** One product as answered, its picture looked up. */
export async function answerProduct(db: Queryable, row: ProductRow): Promise<Product> {
  return toProduct(row, (await pictureVersions(db, [row.id])).get(row.id));
}

/** The menu in its order: every product (admins), or those on sale (buyers). */
export async function listProducts(
  db: Queryable,
  { activeOnly }: { activeOnly: boolean },
): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(activeOnly ? eq(products.active, true) : undefined)
    .orderBy(asc(products.position), asc(products.name), asc(products.id));
  const versions = await pictureVersions(db);
  return rows.map((row) => toProduct(row, versions.get(row.id)));
}

export async function findProduct(db: Queryable, id: string): Promise<ProductRow> {
  if (!isUuid(id)) throw notFound('Product not found');
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product not found');
  return row;
}

/** A new product, last on the menu; its rate the food rate of the settings unless given. */
export async function createProduct(db: Queryable, input: ProductInput, now: Date): Promise<ProductRow> {
  const taxRate = input.taxRate ?? (await readSettings(db)).tax.foodRate;
  const [row] = await db
    .insert(products)
    .values({
      id: randomUUID(),
      name: input.name,
      pricePaise: rupeesToPaise(input.price),
      taxRate,
      stock: input.stock ?? null,
      active: input.active ?? true,
      image: input.image ?? null,
      position: input.position ?? sql`(select coalesce(max(${products.position}), -1) + 1 from ${products})`,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/**
 * Changes what is given. `stock` sets what is left to sell (claims made so far stay claimed);
 * `active:false` retires the product: off the menu, no new claims, its sold items kept.
 */
export async function updateProduct(
  db: Queryable,
  id: string,
  input: ProductUpdateInput,
  now: Date,
): Promise<ProductRow> {
  await findProduct(db, id);
  const change: Partial<typeof products.$inferInsert> = { updatedAt: now };
  if (input.name !== undefined) change.name = input.name;
  if (input.price !== undefined) change.pricePaise = rupeesToPaise(input.price);
  if (input.taxRate !== undefined) change.taxRate = input.taxRate;
  if (input.stock !== undefined) change.stock = input.stock;
  if (input.active !== undefined) change.active = input.active;
  if (input.image !== undefined) change.image = input.image;
  if (input.position !== undefined) change.position = input.position;
  if (Object.keys(change).length === 1) throw badRequest('Nothing to change');
  const [row] = await db.update(products).set(change).where(eq(products.id, id)).returning();
  return row!;
}

/** Puts the menu in the order of `ids` (every product's id, each once). */
export async function reorderProducts(db: Queryable, ids: string[], now: Date): Promise<void> {
  const all = await db.select({ id: products.id }).from(products);
  const known = new Set(all.map((row) => row.id));
  const given = new Set(ids.map((id) => id.toLowerCase()));
  if (given.size !== ids.length || given.size !== known.size || [...given].some((id) => !known.has(id)))
    throw badRequest('Give every product’s id once, in the new order');
  for (const [position, id] of ids.entries()) {
    await db.update(products).set({ position, updatedAt: now }).where(eq(products.id, id.toLowerCase()));
  }
}
