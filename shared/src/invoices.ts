import { z } from 'zod';
import { optionalGstinSchema, optionalLegalNameSchema } from './gst.ts';

/** GET /api/bookings/{id}/invoice (CONTRACT §10): the tax invoice, amounts in rupees. */
const money = z.number().meta({ description: 'Rupees' });

export const invoiceLineSchema = z.object({
  description: z.string(),
  sac: z.string(),
  quantity: z.number().int(),
  unitPrice: money,
  rate: z.number().meta({ description: 'GST rate, percent' }),
  taxableValue: money,
  cgst: money,
  sgst: money,
  total: money,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const invoiceSellerSchema = z.object({
  name: z.string(),
  legalName: z.string(),
  address: z.string(),
  gstin: z.string(),
  stateCode: z.string(),
});
const invoiceBuyerSchema = z.object({ name: z.string(), gstin: z.string().nullable() });

export const invoiceSchema = z
  .object({
    number: z.string().meta({ examples: ['MQ2627-000001'] }),
    date: z.string().meta({ description: 'YYYY-MM-DD, the cinema’s calendar' }),
    seller: invoiceSellerSchema,
    buyer: invoiceBuyerSchema,
    lines: z.array(invoiceLineSchema),
    totals: z.object({ taxableValue: money, cgst: money, sgst: money, total: money }),
    creditNotes: z.array(z.object({ number: z.string(), date: z.string(), total: money })),
    booking: z.object({ _id: z.string(), reference: z.string(), status: z.string() }),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: invoiceSchema,
});
export type InvoiceResponse = z.infer<typeof invoiceResponse>;

/**
 * GET /api/bookings/{id}/credit-notes: each credit note of a booking as a document of its own, to
 * print beside the invoice (the invoice's `creditNotes` names them only).
 */
export const creditNoteSchema = z
  .object({
    number: z.string().meta({ examples: ['CN2627-000001'] }),
    date: z.string().meta({ description: 'YYYY-MM-DD, the cinema’s calendar' }),
    seller: invoiceSellerSchema.meta({ description: 'As the invoice it reduces names the cinema' }),
    buyer: invoiceBuyerSchema,
    invoiceNumber: z.string().meta({ description: 'The invoice it reduces' }),
    invoiceDate: z.string(),
    reason: z
      .string()
      .meta({ description: 'Why: the refund’s reason, or the exchange that replaced the invoice' }),
    lines: z.array(invoiceLineSchema).meta({
      description:
        'The invoice’s lines scaled to what was refunded, each taxed by the one formula (CONTRACT §10)',
    }),
    totals: z.object({ taxableValue: money, cgst: money, sgst: money, total: money }),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const creditNotesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  creditNotes: z.array(creditNoteSchema),
});
export type CreditNotesResponse = z.infer<typeof creditNotesResponse>;

/** GET /api/admin/reports/gst (CONTRACT §10): invoice lines less credit-note lines, per rate, in rupees. */
const gstFigures = {
  invoices: z.number().int().meta({ description: 'Invoices with a line at this rate' }),
  creditNotes: z.number().int().meta({ description: 'Credit notes with a line at this rate' }),
  taxableValue: money,
  cgst: money,
  sgst: money,
  total: money,
};
export const gstReportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  from: z.string(),
  to: z.string(),
  rates: z.array(z.object({ rate: z.number(), ...gstFigures })),
  totals: z.object(gstFigures),
});
export type GstReportResponse = z.infer<typeof gstReportResponse>;

/** PUT /api/bookings/{id}/buyer-gstin: the buyer's GSTIN for the invoice, while the booking is unpaid. */
export const buyerGstinRequest = z.object({
  buyerGstin: optionalGstinSchema.meta({
    description: 'Empty or null to print no GSTIN; lower case is accepted',
  }),
  buyerLegalName: optionalLegalNameSchema.meta({
    description:
      'The business the GSTIN is registered to, printed as the recipient with it (else the account holder’s name)',
  }),
});
export type BuyerGstinRequest = z.input<typeof buyerGstinRequest>;
export const buyerGstinResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  buyerGstin: z.string().nullable(),
  buyerLegalName: z.string().nullable(),
});
export type BuyerGstinResponse = z.infer<typeof buyerGstinResponse>;
