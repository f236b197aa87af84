import { formatRupees } from '@marquee/shared';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import {
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  createShows,
  signInAdminInPage,
  soonSlot,
  uniqueTitle,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { loadCatalogue, startsWith } from './booking-fixtures.ts';
import { openTestBrowser, seriousViolations, useOwnApp } from './browser.ts';

const shots = process.env.MARQUEE_SCREENSHOTS;
const phone = { viewport: { width: 375, height: 812 } };

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real 96×96 PNG: a red-and-white striped tub under yellow, on dark blue. */
function popcornPng(): Buffer {
  const size = 96;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const tub = y > 40 && x > 20 + (y - 40) / 6 && x < 76 - (y - 40) / 6;
      const corn = !tub && y > 12 && y <= 40 && (x - 48) ** 2 + (y - 36) ** 2 < 30 ** 2;
      const [r, g, b] = tub
        ? Math.floor(x / 8) % 2
          ? [220, 38, 38]
          : [250, 250, 250]
        : corn
          ? [250, 204, 21]
          : [30, 41, 59];
      row.set([r!, g!, b!], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Its own app: the item it puts on the menu would add a step to every other spec's booking page.
useOwnApp();

/** A menu item's picture (CONTRACT §12): uploaded by an admin, seen by a buyer in the food step. */
describe('a picture on the menu', () => {
  let admin: string;
  let productId: string;
  const name = uniqueTitle('Caramel Popcorn');
  beforeAll(async () => {
    admin = await adminToken();
    productId = (
      await callApi<{ product: { _id: string } }>(admin, 'POST', '/api/admin/products', {
        name,
        price: 220,
        stock: 30,
      })
    ).product._id;
  });
  afterAll(() => withdrawCreatedShows(admin));

  it('an admin uploads a picture and the buyer sees it beside the item', async () => {
    const catalogue = await loadCatalogue();
    const { timeZone } = await cinemaDates();
    const movie = await createMovie(admin, uniqueTitle('Picture Night'));
    const slot = soonSlot(timeZone, 3600);
    const [show] = await createShows(admin, movie._id, slot.date, [slot.time]);

    const office = await openTestBrowser();
    await signInAdminInPage(office.page);
    await office.page.goto('/admin/menu');
    const entry = office.page
      .getByRole('list', { name: 'Menu' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await entry.getByRole('button', { name: `Edit ${name}` }).click();
    const form = office.page.getByRole('form', { name: `Edit ${name}` });

    // Not a picture: refused in words, nothing saved.
    await form.getByLabel('Picture').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('GIF89a, not a PNG at all'),
    });
    await form.getByRole('alert').getByText('The picture must be a JPEG, PNG or WebP image').waitFor();

    await form.getByLabel('Picture').setInputFiles({
      name: 'popcorn.png',
      mimeType: 'image/png',
      buffer: popcornPng(),
    });
    const preview = form.getByRole('img', { name: `Picture of ${name}` });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(96);
    await form.getByRole('button', { name: 'Remove picture' }).waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await seriousViolations(office.page)).toEqual([]);
    if (shots) await office.page.screenshot({ path: `${shots}/menu-picture-admin.png`, fullPage: true });

    for (const colorScheme of ['light', 'dark'] as const) {
      const buyer = await openTestBrowser({ ...phone, colorScheme });
      const page = buyer.page;
      await signUpInPage(page);
      await page.goto(`/booking/${movie._id}`);
      await page.getByRole('button', { name: catalogue.dateLabel(slot.date), exact: true }).click();
      await page
        .getByRole('group', { name: 'Select Show Time' })
        .getByRole('button', { name: startsWith(slot.time) })
        .click();
      await page.getByRole('grid').waitFor();
      await page.getByRole('button', { name: 'A6, available' }).click();
      const summary = page.getByRole('region', { name: 'Booking Summary' });
      await summary.getByText(`1 ticket × ${formatRupees(show!.showPrice)}`).waitFor();
      await summary.getByRole('button', { name: 'Add food & drinks' }).click();
      const row = summary.getByRole('list', { name: 'Food and drinks' }).getByRole('listitem').filter({
        hasText: name,
      });
      // The name is beside it, so the picture is decoration (empty alt), at a fixed size, lazy.
      const picture = row.locator('img');
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(96);
      expect(
        await picture.evaluate((img: HTMLImageElement) => ({
          src: new URL(img.src).pathname,
          alt: img.getAttribute('alt'),
          loading: img.loading,
          width: img.getBoundingClientRect().width,
          height: img.getBoundingClientRect().height,
        })),
      ).toEqual({ src: `/api/products/${productId}/image`, alt: '', loading: 'lazy', width: 48, height: 48 });
      await summary.getByRole('button', { name: `One more ${name}` }).click();
      await summary.getByText(`1 × ${name} (${formatRupees(220)}) = ${formatRupees(220)}`).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) await summary.screenshot({ path: `${shots}/menu-picture-food-step-${colorScheme}.png` });
    }
  }, 240_000);
});
