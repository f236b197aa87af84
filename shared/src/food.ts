import { z } from 'zod';
import { ok, uuid } from './api.ts';

/** Food and drink (CONTRACT §12): the menu, and the items a booking carries. */

/** Units of one product in one booking. */
export const MIN_ITEM_QUANTITY = 1;
export const MAX_ITEM_QUANTITY = 10;
/** Different products in one booking. */
export const MAX_ITEM_LINES = 20;
/** At or below this many left, the menu page shows the product as low on stock. */
export const LOW_STOCK = 10;
/** The SAC of food and drink served (restaurant service), on invoice lines. */
export const FOOD_SAC = '996331';
/** A product's picture (stored with the app): at most this many bytes, JPEG, PNG or WebP. */
export const PRODUCT_IMAGE_MAX_BYTES = 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

/**
 * What a picture is, by its first bytes (never by the name or the Content-Type it came with):
 * JPEG starts FF D8 FF, PNG with its 8-byte signature, WebP as a RIFF file of type WEBP.
 */
export function imageTypeOf(bytes: Uint8Array): ProductImageType | null {
  const at = (offset: number, expected: readonly number[]) =>
    bytes.length >= offset + expected.length && expected.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

export const foodMessages = {
  quantity: `Choose between ${MIN_ITEM_QUANTITY} and ${MAX_ITEM_QUANTITY} of each item`,
  unknownProduct: 'Product not found',
  tooManyLines: `At most ${MAX_ITEM_LINES} different items in one booking`,
  name: 'Please enter a name',
  price: 'Please enter a valid price',
  taxRate: 'The tax rate is a percent from 0 to 100',
  stock: 'Stock is a whole number, 0 or more, or empty for unlimited',
  image: 'The image must be an http(s) URL',
  pictureType: 'The picture must be a JPEG, PNG or WebP image',
  pictureTooLarge: 'The picture is too large: at most 1 MB',
  noPicture: 'This product has no picture',
  alreadyCollected: (time: string) => `Already collected at ${time}`,
  noItems: 'This booking has no food or drink to collect',
} as const;

/** A product as the API answers it: `price` in rupees, GST included; `stock` null is unlimited. */
export const productSchema = z
  .object({
    _id: uuid,
    name: z.string(),
    price: z.number().meta({ description: 'Rupees, GST included' }),
    taxRate: z.number().meta({ description: 'GST percent (default settings.tax.foodRate)' }),
    stock: z.number().int().nullable().meta({ description: 'Units left to sell; null: unlimited' }),
    active: z.boolean().meta({ description: 'false: retired, off the menu' }),
    image: z.string().nullable().meta({ description: 'An http(s) URL given by an admin, or null' }),
    imageUrl: z
      .string()
      .nullable()
      .meta({ description: 'The picture stored with the app (/api/products/{id}/image?v=…), or null' }),
    position: z.number().int().meta({ description: 'The menu’s order, lowest first' }),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

const formNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);

const rupees = formNumber(
  z
    .number({ message: foodMessages.price })
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100_000, foodMessages.price)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Prices are in whole paise'),
);
const taxRate = formNumber(
  z
    .number({ message: foodMessages.taxRate })
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100, foodMessages.taxRate)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, foodMessages.taxRate),
);
const stock = z.preprocess(
  (value) => (value === '' ? null : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ message: foodMessages.stock })
    .int(foodMessages.stock)
    .min(0, foodMessages.stock)
    .max(1_000_000, foodMessages.stock)
    .nullable(),
);
const image = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string({ message: foodMessages.image })
    .trim()
    .max(2000, foodMessages.image)
    .refine((url) => /^https?:\/\/\S+$/i.test(url), foodMessages.image)
    .nullable(),
);

const productFields = {
  name: z
    .string({ message: foodMessages.name })
    .trim()
    .min(1, foodMessages.name)
    .max(80, 'The name is too long'),
  price: rupees,
  taxRate: taxRate.optional().meta({ description: 'Default: settings.tax.foodRate' }),
  stock: stock.optional().meta({ description: 'Units to sell; null or left out: unlimited' }),
  active: z.boolean({ message: 'active is true or false' }).optional(),
  image: image.optional(),
  position: z.number({ message: 'position is a whole number' }).int().min(0).max(100_000).optional(),
};

/** POST /api/admin/products */
export const productInput = z.strictObject(productFields);
export type ProductInput = z.input<typeof productInput>;

/** PUT /api/admin/products/{id}: any of the fields. */
export const productUpdateInput = z.strictObject({
  ...productFields,
  name: productFields.name.optional(),
  price: rupees.optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateInput>;

/** POST /api/admin/products/reorder: every product's id, in the menu's new order. */
export const productOrderInput = z.strictObject({
  ids: z.array(z.string(), { message: 'ids is the list of product ids in order' }).min(1).max(500),
});

export const productsResponse = ok({ products: z.array(productSchema) });
export type ProductsResponse = z.infer<typeof productsResponse>;
export const productResponse = ok({ product: productSchema });
export type ProductResponse = z.infer<typeof productResponse>;

/** One line of `items` on POST /api/bookings/create (and the counter's sale). */
export const itemRequestSchema = z.object({
  productId: z.string({ message: foodMessages.unknownProduct }).trim().min(1, foodMessages.unknownProduct),
  quantity: z
    .number({ message: foodMessages.quantity })
    .int(foodMessages.quantity)
    .min(MIN_ITEM_QUANTITY, foodMessages.quantity)
    .max(MAX_ITEM_QUANTITY, foodMessages.quantity),
});
export const itemsRequestSchema = z
  .array(itemRequestSchema, { message: 'items is a list of {productId, quantity}' })
  .max(MAX_ITEM_LINES, foodMessages.tooManyLines);

/** An item of a booking as answered: `price` is the unit price in rupees, GST included. */
export const bookingItemSchema = z.object({
  productId: uuid,
  name: z.string(),
  quantity: z.number().int(),
  price: z.number().meta({ description: 'Rupees per unit, GST included, as sold' }),
});
export type BookingItem = z.infer<typeof bookingItemSchema>;

// In a module without Zod, so a page that only writes items out (the door) does not load Zod.
export { itemsText } from './items-text.ts';
