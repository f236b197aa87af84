import { PRODUCT_IMAGE_MAX_BYTES } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { productImages, users } from '../../db/schema.ts';

/**
 * Product pictures stored with the app (CONTRACT §12), on either database (the vitest project
 * decides): upload, serve with a year's cache and an ETag, 304, replace, delete; the type judged
 * by the bytes; 1 MB at most; admins only, refused before the body is read.
 */
let t: TestApp;
let url: string;
let admin: SignedIn;
let buyer: SignedIn;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('png picture body'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg picture body')]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x10, 0, 0, 0]),
  Buffer.from('WEBPVP8 webp picture body'),
]);
const GIF = Buffer.from('GIF89a not one of ours');

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUp(t.app, { name: 'Admin' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  buyer = await signUp(t.app, { name: 'Buyer' });
});
afterAll(async () => {
  await t.close();
});

interface ProductAnswer {
  _id: string;
  name: string;
  imageUrl: string | null;
}

async function addProduct(name: string): Promise<ProductAnswer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admin.bearer,
    payload: { name, price: 100 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: ProductAnswer }>().product;
}

const upload = (id: string, bytes: Buffer, contentType = 'application/octet-stream', who = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${id}/image`,
    headers: { ...who.bearer, 'content-type': contentType },
    payload: bytes,
  });

const menuEntry = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/products' }))
    .json<{ products: ProductAnswer[] }>()
    .products.find((product) => product._id === id);

describe('product pictures', () => {
  it('uploads, serves for a year with an ETag, answers 304, replaces and deletes', async () => {
    const popcorn = await addProduct('Popcorn');
    expect(popcorn.imageUrl).toBeNull();

    const saved = await upload(popcorn._id, PNG);
    expect(saved.statusCode, saved.body).toBe(200);
    const imageUrl = saved.json<{ product: ProductAnswer }>().product.imageUrl!;
    expect(imageUrl).toMatch(new RegExp(`^/api/products/${popcorn._id}/image\\?v=[0-9a-f]{16}$`));
    expect((await menuEntry(popcorn._id))?.imageUrl).toBe(imageUrl);

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);

    const again = await t.app.inject({ method: 'GET', url: imageUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const weak = await t.app.inject({
      method: 'GET',
      url: imageUrl,
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);

    // Replaced: a new version, so a new URL; the old URL is no longer cached for good.
    const replaced = await upload(popcorn._id, JPEG, 'image/jpeg');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newUrl = replaced.json<{ product: ProductAnswer }>().product.imageUrl!;
    expect(newUrl).not.toBe(imageUrl);
    const fresh = await t.app.inject({ method: 'GET', url: newUrl, headers: { 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toBe('image/jpeg');
    expect(fresh.rawPayload.equals(JPEG)).toBe(true);
    const old = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(old.headers['cache-control']).toBe('no-cache');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${popcorn._id}/image`,
      headers: admin.bearer,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ product: ProductAnswer }>().product.imageUrl).toBeNull();
    expect((await menuEntry(popcorn._id))?.imageUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(404);
    const rows = await t.testDb.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, popcorn._id));
    expect(rows).toEqual([]);
  });

  it('judges the type by the bytes, not by Content-Type', async () => {
    const cola = await addProduct('Cola');
    const gif = await upload(cola._id, GIF, 'image/png');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toEqual({ success: false, message: 'The picture must be a JPEG, PNG or WebP image' });
    const empty = await upload(cola._id, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(415);
    expect((await menuEntry(cola._id))?.imageUrl).toBeNull();

    // A real WebP (or JPEG) is taken whatever the header says, and served as what it is.
    const webp = await upload(cola._id, WEBP, 'text/plain');
    expect(webp.statusCode, webp.body).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: webp.json<{ product: ProductAnswer }>().product.imageUrl!,
    });
    expect(served.headers['content-type']).toBe('image/webp');
    const json = await upload(cola._id, JPEG, 'application/json');
    expect(json.statusCode, json.body).toBe(200);
  });

  it('takes up to 1 MB and refuses more with 413', async () => {
    const nachos = await addProduct('Nachos');
    const atLimit = Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES);
    PNG.copy(atLimit);
    expect((await upload(nachos._id, atLimit)).statusCode).toBe(200);
    const over = Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES + 1);
    PNG.copy(over);
    const refused = await upload(nachos._id, over);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ success: false, message: 'The picture is too large: at most 1 MB' });
  });

  it('answers 404 for an unknown product, and for one without a picture', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await upload(unknown, PNG)).statusCode).toBe(404);
    expect((await upload('not-an-id', PNG)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/products/${unknown}/image`,
          headers: admin.bearer,
        })
      ).statusCode,
    ).toBe(404);
    const water = await addProduct('Water');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${water._id}/image` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${unknown}/image` })).statusCode).toBe(
      404,
    );
  });

  it('lets only admins upload or delete', async () => {
    const tea = await addProduct('Tea');
    expect((await upload(tea._id, PNG, 'image/png', buyer)).statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${tea._id}/image`,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(signedOut.statusCode).toBe(401);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${tea._id}/image`,
      headers: buyer.bearer,
    });
    expect(del.statusCode).toBe(403);
    expect((await menuEntry(tea._id))?.imageUrl).toBeNull();
  });

  it('refuses a non-admin before reading the body', async () => {
    const coffee = await addProduct('Coffee');
    // Headers promising a 900 kB body, and not one byte of it: the answer must come anyway.
    const { hostname, port } = new URL(url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let received = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve('no answer: the server waited for the body');
      }, 3_000);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(received);
        }
      });
      socket.write(
        `PUT /api/admin/products/${coffee._id}/image HTTP/1.1\r\n` +
          `Host: ${hostname}:${port}\r\n` +
          `Authorization: ${buyer.bearer.authorization}\r\n` +
          'Content-Type: image/png\r\n' +
          `Content-Length: ${900 * 1024}\r\n\r\n`,
      );
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 403 Forbidden');
  });
});
