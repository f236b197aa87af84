import {
  productInput,
  productOrderInput,
  productResponse,
  productsResponse,
  productUpdateInput,
} from '@marquee/shared';
import { z } from 'zod';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Food and drink'];
const productId = idParam('id', "The product's id");

/** The food-and-drink routes as /api/openapi.json describes them (CONTRACT §12). */
export const foodDocs = {
  menu: routeSchema({
    tags,
    summary: 'The menu: active products in the menu’s order',
    auth: 'public',
    ok: productsResponse,
  }),
  all: routeSchema({
    tags,
    summary: 'Every product, retired ones too, for the menu page',
    auth: 'admin',
    ok: productsResponse,
  }),
  create: routeSchema({
    tags,
    summary: 'Add a product',
    description:
      '`price` in rupees, GST included; `taxRate` defaults to settings.tax.foodRate; `stock` null (or left out) ' +
      'is unlimited; `image` an http(s) URL.',
    auth: 'admin',
    body: productInput.meta({ examples: [{ name: 'Popcorn', price: 180, stock: 50 }] }),
    ok: { status: 201, schema: productResponse },
    errors: { 400: 'Invalid name, price, tax rate, stock or image (the message says which)' },
  }),
  update: routeSchema({
    tags,
    summary: 'Change a product: any field; `active:false` retires it from the menu',
    description:
      '`stock` sets what is left to sell (units already claimed by bookings stay theirs). A retired product ' +
      'cannot be booked; the bookings that have it keep it.',
    auth: 'admin',
    params: productId,
    body: productUpdateInput.meta({ examples: [{ stock: 40 }, { active: false }] }),
    ok: productResponse,
    errors: { 400: 'Invalid field', 404: 'Product not found' },
  }),
  picture: {
    ...routeSchema({
      tags,
      summary: 'A product’s picture (its `imageUrl`)',
      description:
        'The bytes as uploaded (JPEG, PNG or WebP) with an ETag; `If-None-Match` with it answers 304. With ' +
        '`?v=` the current version (as `imageUrl` gives it) the answer may be cached for a year (immutable); ' +
        'any other `v` must be revalidated.',
      auth: 'public',
      params: productId,
      querystring: z.object({
        v: z.string().optional().meta({ description: 'The picture’s version, from `imageUrl`' }),
      }),
      ok: {
        status: 200,
        contentType: 'image/*',
        schema: z.string().meta({ format: 'binary' }),
      },
      errors: { 404: 'No such product, or it has no picture' },
    }),
  },
  putPicture: {
    ...routeSchema({
      tags,
      summary: 'Upload or replace a product’s picture',
      description:
        'The body is the picture itself, at most 1 MB: JPEG, PNG or WebP, judged by its first bytes, not by ' +
        '`Content-Type`. Admins only, checked before the body is read. Answers the product with its new `imageUrl`.',
      auth: 'admin',
      params: productId,
      body: z.string().meta({ format: 'binary' }),
      ok: productResponse,
      errors: {
        404: 'Product not found',
        413: 'The picture is larger than 1 MB',
        415: 'Not a JPEG, PNG or WebP image',
      },
    }),
    consumes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  deletePicture: routeSchema({
    tags,
    summary: 'Remove a product’s picture (none to remove is no error)',
    auth: 'admin',
    params: productId,
    ok: productResponse,
    errors: { 404: 'Product not found' },
  }),
  reorder: routeSchema({
    tags,
    summary: 'Put the menu in a new order: every product’s id, once each',
    auth: 'admin',
    body: productOrderInput,
    ok: productsResponse,
    errors: { 400: 'Not every product’s id once' },
  }),
};
