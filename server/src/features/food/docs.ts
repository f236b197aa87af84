import {
  productInput,
  productOrderInput,
  productResponse,
  productsResponse,
  productUpdateInput,
} from '@marquee/shared';
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
  reorder: routeSchema({
    tags,
    summary: 'Put the menu in a new order: every product’s id, once each',
    auth: 'admin',
    body: productOrderInput,
    ok: productsResponse,
    errors: { 400: 'Not every product’s id once' },
  }),
};
