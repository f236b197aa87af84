import {
  bookingCalendar,
  formatDate,
  formatIndianMobile,
  formatRupees,
  itemsText,
  paiseToRupees,
  type CinemaDetails,
} from '@marquee/shared';
import QRCode from 'qrcode';
import type { OutgoingEmail } from './mailer.ts';
import type { ShowWas } from '../outbox/index.ts';

/** What a booking email says, read when it is sent. */
export interface BookingFacts {
  bookingId: string;
  reference: string;
  name: string;
  /** Where it goes: the account's address, or a counter sale's customer's (never the seller's). */
  email: string;
  /** The buyer's mobile number (+91…), or null when none is known. */
  phone: string | null;
  movie: string;
  /** The cinema-calendar day, YYYY-MM-DD (written out by `day`). */
  showDate: string;
  showTime: string;
  screen: string;
  seats: string[];
  /** Food and drink to collect at the door (CONTRACT §12). */
  items?: { name: string; quantity: number }[];
  amountPaise: number;
  /** While unpaid: the time (h:mm AM/PM, the cinema's) the held seats are kept until. */
  payBy: string;
  /** What the booking's payments were refunded, all of them (null: none). */
  refundPaise: number | null;
  /** Why the latest refund was made (refunds.reason): what a late payment's email explains. */
  refundReason?: string | null;
  ticketUrl: string;
  ticketCode: string | null;
  /** A paid booking's share link: opens the ticket without an account (CONTRACT §6). */
  shareUrl?: string | null;
  /**
   * The tax invoice's page; left out: the booking's own (`/invoices/{id}`), null: not linked (a
   * counter customer has no account to open it with, and has the printed receipt).
   */
  invoiceUrl?: string | null;
  startsAt: Date;
  endsAt: Date;
  /** SEQUENCE of the calendar file: higher after every change of the show. */
  calendarSequence: number;
}

export interface Brand {
  cinema: string;
  publicUrl: string;
  /** Where and when to find the cinema (CINEMA_* settings), told to people coming to a show. */
  venue: CinemaDetails;
}

/** A show's day as emails write it: 'Friday, 27 November 2026' (shared/src/dates.ts). */
const day = (date: string) => formatDate(date, 'long');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function layout(brand: Brand, heading: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px" cellpadding="0" cellspacing="0">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e4e7;font-size:18px;font-weight:bold;color:#be123c">${escapeHtml(brand.cinema)}</td></tr>
<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>${body}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#52525b">${escapeHtml(brand.cinema)} · <a href="${escapeHtml(brand.publicUrl)}" style="color:#52525b">${escapeHtml(brand.publicUrl)}</a></td></tr>
</table></td></tr></table></body></html>`;
}

function detailsTable(rows: [string, string][]): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;font-size:15px;margin:8px 0 16px">${rows
    .map(
      ([term, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#52525b;white-space:nowrap;vertical-align:top">${escapeHtml(term)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
}

const detailsText = (rows: [string, string][]) => rows.map(([term, value]) => `${term}: ${value}`).join('\n');

function bookingRows(facts: BookingFacts, withAmount = true): [string, string][] {
  const rows: [string, string][] = [
    ['Reference', facts.reference],
    ['Movie', facts.movie],
    ['Date', day(facts.showDate)],
    ['Time', facts.showTime],
    ['Screen', facts.screen],
    [facts.seats.length === 1 ? 'Seat' : 'Seats', facts.seats.join(', ')],
  ];
  if (facts.items?.length) rows.push(['Food & drinks', itemsText(facts.items)]);
  if (facts.phone) rows.push(['Mobile', formatIndianMobile(facts.phone)]);
  if (withAmount) rows.push(['Amount', formatRupees(paiseToRupees(facts.amountPaise))]);
  return rows;
}

const button = (href: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#be123c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`;

/** The cinema's address, directions, phone and hours: what someone on the way to a show looks for. */
function venueRows(venue: CinemaDetails): [string, string][] {
  const rows: [string, string][] = [];
  if (venue.address) rows.push(['Address', venue.address]);
  if (venue.phone) rows.push(['Phone', venue.phone]);
  if (venue.hours) rows.push(['Hours', venue.hours]);
  return rows;
}

function venueHtml(venue: CinemaDetails): string {
  const rows = venueRows(venue);
  if (!rows.length) return '';
  const directions = venue.mapUrl
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(venue.mapUrl)}" style="color:#be123c">Directions to ${escapeHtml(venue.name)}</a></p>`
    : '';
  return `<h2 style="margin:8px 0 4px;font-size:16px">Find us</h2>${detailsTable(rows)}${directions}`;
}

function venueText(venue: CinemaDetails): string {
  const rows = venueRows(venue);
  if (!rows.length) return '';
  return `\n\nFind us\n${detailsText(rows)}${venue.mapUrl ? `\nDirections: ${venue.mapUrl}` : ''}`;
}

// A settled refund of nothing (a cancel past the policy's last tier) is no refund to announce.
const refundLine = (facts: BookingFacts) =>
  !facts.refundPaise
    ? ''
    : `A refund of ${formatRupees(paiseToRupees(facts.refundPaise))} is on its way to the card you paid with.`;

/**
 * The booking's calendar file: the ticket page's download (same UID), so a calendar app that has
 * the event updates it rather than adding a second.
 */
function calendarAttachment(brand: Brand, facts: BookingFacts, isCancelled = false) {
  const text = bookingCalendar({
    bookingId: facts.bookingId,
    reference: facts.reference,
    movie: facts.movie,
    cinema: brand.cinema,
    screen: facts.screen,
    address: brand.venue.address,
    seats: facts.seats,
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    ticketUrl: facts.ticketUrl,
    sequence: facts.calendarSequence,
    isCancelled,
  });
  return {
    filename: `${facts.reference}.ics`,
    content: Buffer.from(text, 'utf8'),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

const ticketQr = (code: string) =>
  QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 240 });

export async function bookingPaidEmail(brand: Brand, facts: BookingFacts): Promise<OutgoingEmail> {
  const rows = bookingRows(facts);
  const qr = facts.ticketCode ? await ticketQr(facts.ticketCode) : null;
  // The e-ticket is the tax invoice's companion: the invoice page prints it (CONTRACT §10).
  const invoiceUrl =
    facts.invoiceUrl === undefined ? `${brand.publicUrl}/invoices/${facts.bookingId}` : facts.invoiceUrl;
  return {
    to: facts.email,
    subject: `Your tickets for ${facts.movie} · ${facts.reference}`,
    text: `Hello ${facts.name},\n\nYou're booked. Show this ticket at the door:\n${facts.ticketUrl}\n\n${detailsText(rows)}${venueText(brand.venue)}${
      facts.shareUrl
        ? `\n\nComing with others? This link opens the ticket without an account:\n${facts.shareUrl}`
        : ''
    }${invoiceUrl ? `\n\nYour tax invoice: ${invoiceUrl}` : ''}\n\nSee you at ${brand.cinema}.`,
    html: layout(
      brand,
      "You're booked",
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}, here is your ticket. Show the QR code or the reference at the door.</p>${detailsTable(rows)}${
        qr
          ? `<p style="margin:0"><img src="cid:ticket-qr" width="200" height="200" alt="QR code for booking ${escapeHtml(facts.reference)}"></p>`
          : ''
      }${button(facts.ticketUrl, 'Open your ticket')}${
        facts.shareUrl
          ? `<p style="margin:12px 0 0">Coming with others? <a href="${escapeHtml(facts.shareUrl)}">This link opens the ticket without an account</a>: send it to them.</p>`
          : ''
      }${venueHtml(brand.venue)}${
        invoiceUrl
          ? `<p style="margin:12px 0 0"><a href="${escapeHtml(invoiceUrl)}">Your tax invoice</a></p>`
          : ''
      }`,
    ),
    attachments: [
      ...(qr
        ? [{ filename: `${facts.reference}.png`, content: qr, cid: 'ticket-qr', contentType: 'image/png' }]
        : []),
      calendarAttachment(brand, facts),
    ],
  };
}

/** The show moved to another time or screen: the new details, the ticket and an updated calendar file. */
export function showMovedEmail(brand: Brand, facts: BookingFacts, was: ShowWas): OutgoingEmail {
  const rows = bookingRows(facts, false);
  const before = `${day(was.showDate)} at ${was.showTime}${was.screen === facts.screen ? '' : `, ${was.screen}`}`;
  const lead = `the cinema has moved this show. It was on ${before}; it is now on ${day(facts.showDate)} at ${facts.showTime}, ${facts.screen}. Your booking ${facts.reference} and your seats move with it, and your ticket stays valid.`;
  const calendar = 'The attached calendar file updates the event in your calendar.';
  return {
    to: facts.email,
    subject: `${facts.movie} has moved to ${day(facts.showDate)} at ${facts.showTime}`,
    text: `Hello ${facts.name},\n\nPlease note: ${lead} ${calendar}\n\nYour ticket: ${facts.ticketUrl}\n\n${detailsText(rows)}${venueText(brand.venue)}`,
    html: layout(
      brand,
      'Your show has moved',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}, please note: ${escapeHtml(lead)} ${escapeHtml(calendar)}</p>${detailsTable(rows)}${button(facts.ticketUrl, 'Open your ticket')}${venueHtml(brand.venue)}`,
    ),
    attachments: [calendarAttachment(brand, facts)],
  };
}

/**
 * The booking was exchanged (CONTRACT §13): its new show and seats, the new ticket (the old code
 * no longer admits), and an updated calendar file. Sent when the exchange commits, so the facts
 * are those of the booking as it now is.
 */
export async function bookingExchangedEmail(
  brand: Brand,
  facts: BookingFacts,
  differencePaise?: number,
): Promise<OutgoingEmail> {
  const rows = bookingRows(facts);
  const qr = facts.ticketCode ? await ticketQr(facts.ticketCode) : null;
  const difference = exchangeDifferenceLine(differencePaise);
  const lead = `your booking ${facts.reference} has been changed.${difference ? ` ${difference}` : ''} Here is your new ticket: the one sent before no longer admits.`;
  return {
    to: facts.email,
    subject: `Booking ${facts.reference} changed: ${facts.movie} on ${day(facts.showDate)} at ${facts.showTime}`,
    text: `Hello ${facts.name},\n\n${lead.charAt(0).toUpperCase()}${lead.slice(1)}\n${facts.ticketUrl}\n\n${detailsText(rows)}${venueText(brand.venue)}\n\nYour new tax invoice: ${brand.publicUrl}/invoices/${facts.bookingId}`,
    html: layout(
      brand,
      'Your booking was changed',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}, ${escapeHtml(lead)}</p>${detailsTable(rows)}${
        qr
          ? `<p style="margin:0"><img src="cid:ticket-qr" width="200" height="200" alt="QR code for booking ${escapeHtml(facts.reference)}"></p>`
          : ''
      }${button(facts.ticketUrl, 'Open your ticket')}${venueHtml(brand.venue)}`,
    ),
    attachments: [
      ...(qr
        ? [{ filename: `${facts.reference}.png`, content: qr, cid: 'ticket-qr', contentType: 'image/png' }]
        : []),
      calendarAttachment(brand, facts),
    ],
  };
}

/** What an exchange's difference came to, in words (CONTRACT §13); nothing for an email queued without it. */
export function exchangeDifferenceLine(differencePaise: number | undefined): string {
  if (differencePaise === undefined) return '';
  const amount = formatRupees(paiseToRupees(Math.abs(differencePaise)));
  if (differencePaise < 0)
    return `Your new seats cost ${amount} less: ${amount} is on its way back to the card you paid with.`;
  if (differencePaise > 0) return `Your new seats cost ${amount} more, which you have paid.`;
  return 'Your new seats cost the same, so nothing was paid or refunded.';
}

export function bookingCancelledEmail(brand: Brand, facts: BookingFacts): OutgoingEmail {
  const rows = bookingRows(facts);
  const refund = refundLine(facts);
  return {
    to: facts.email,
    subject: `Booking ${facts.reference} cancelled`,
    text: `Hello ${facts.name},\n\nYour booking ${facts.reference} has been cancelled and its seats released.${refund ? ` ${refund}` : ''}\n\n${detailsText(rows)}`,
    html: layout(
      brand,
      'Your booking was cancelled',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}, your booking has been cancelled and its seats released.${refund ? ` ${escapeHtml(refund)}` : ''}</p>${detailsTable(rows)}`,
    ),
  };
}

/**
 * A payment that could not be taken for its booking: why, in the words the refund was recorded
 * with (the show had started, the seats were taken after the window, …), and the refund.
 */
export function latePaymentRefundedEmail(brand: Brand, facts: BookingFacts): OutgoingEmail {
  const rows = bookingRows(facts);
  const refund = refundLine(facts) || 'Your payment is being refunded in full.';
  const why = facts.refundReason
    ? `Your payment could not be used for a booking: ${facts.refundReason.charAt(0).toLowerCase()}${facts.refundReason.slice(1)}.`
    : 'Your payment could not be used for a booking.';
  return {
    to: facts.email,
    subject: `Your payment for ${facts.movie} was refunded`,
    text: `Hello ${facts.name},\n\n${why} There is no booking. ${refund}\n\n${detailsText(rows)}`,
    html: layout(
      brand,
      'Your payment was refunded',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}. ${escapeHtml(why)} There is no booking. ${escapeHtml(refund)}</p>${detailsTable(rows)}`,
    ),
  };
}

export function showCancelledEmail(brand: Brand, facts: BookingFacts): OutgoingEmail {
  const rows = bookingRows(facts);
  const refund = refundLine(facts) || 'You will not be charged.';
  return {
    to: facts.email,
    subject: `${facts.movie} on ${day(facts.showDate)} at ${facts.showTime} is cancelled`,
    text: `Hello ${facts.name},\n\nWe're sorry: the cinema has cancelled this show, and your booking ${facts.reference} with it. ${refund}\n\n${detailsText(rows)}`,
    html: layout(
      brand,
      'Your show was cancelled',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}, we're sorry: the cinema has cancelled this show, and your booking with it. ${escapeHtml(refund)}</p>${detailsTable(rows)}`,
    ),
    // Marks the event cancelled in a calendar that has it from an earlier email or the ticket page.
    attachments: [calendarAttachment(brand, facts, true)],
  };
}

export function passwordResetEmail(brand: Brand, to: string, name: string, url: string): OutgoingEmail {
  return {
    to,
    subject: `Reset your ${brand.cinema} password`,
    text: `Hello ${name},\n\nSomeone (we hope you) asked to reset the password of your account. This link works once, for one hour:\n${url}\n\nSetting a new password signs you out everywhere else. If you did not ask, ignore this email: your password stays as it is.`,
    html: layout(
      brand,
      'Reset your password',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(name)}, someone (we hope you) asked to reset the password of your account. This link works once, for one hour.</p>${button(url, 'Choose a new password')}<p style="margin:0;color:#52525b;font-size:13px">Setting a new password signs you out everywhere else. If you did not ask, ignore this email: your password stays as it is.</p>`,
    ),
  };
}

/** A waiting-list offer (CONTRACT §13): the seats held for the party, and a link to pay in time. */
export function waitlistOfferEmail(brand: Brand, facts: BookingFacts): OutgoingEmail {
  const rows = bookingRows(facts);
  const payUrl = `${brand.publicUrl}/mybookings`;
  return {
    to: facts.email,
    subject: `Seats for ${facts.movie} are yours until ${facts.payBy}`,
    text: `Hello ${facts.name},\n\nGood news from the waiting list: we are holding these seats for you until ${facts.payBy}. Pay before then to keep them; after that they go to the next person waiting.\n${payUrl}\n\n${detailsText(rows)}`,
    html: layout(
      brand,
      'Seats from the waiting list',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}, good news from the waiting list: we are holding these seats for you until <strong>${escapeHtml(facts.payBy)}</strong>. Pay before then to keep them; after that they go to the next person waiting.</p>${detailsTable(rows)}${button(payUrl, 'Pay for your seats')}`,
    ),
  };
}

/** A waiting-list entry closed with no offer: the show is about to start (or was cancelled). */
export function waitlistClosedEmail(
  brand: Brand,
  facts: { name: string; email: string; movie: string; showDate: string; showTime: string },
): OutgoingEmail {
  const what = `${facts.movie} on ${day(facts.showDate)} at ${facts.showTime}`;
  return {
    to: facts.email,
    subject: `The waiting list for ${what} has closed`,
    text: `Hello ${facts.name},\n\nWe're sorry: no seats for your party came free for ${what}, and the waiting list has now closed. You have not been charged.\n\nSee what else is on: ${brand.publicUrl}/movies`,
    html: layout(
      brand,
      'The waiting list has closed',
      `<p style="margin:0 0 8px">Hello ${escapeHtml(facts.name)}, we're sorry: no seats for your party came free for ${escapeHtml(what)}, and the waiting list has now closed. You have not been charged.</p>${button(`${brand.publicUrl}/movies`, 'See what else is on')}`,
    ),
  };
}
