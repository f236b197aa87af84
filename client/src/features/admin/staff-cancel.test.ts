import { describe, expect, it } from 'vitest';
import { checkStaffCancel } from './staff-cancel.ts';

describe('checkStaffCancel', () => {
  it('sends the amount in rupees and the reason trimmed', () => {
    expect(checkStaffCancel({ refundAmount: ' 166.66 ', reason: ' Projector fault ' }, 333.33)).toEqual({
      ok: true,
      body: { refundAmount: 166.66, reason: 'Projector fault' },
    });
    expect(checkStaffCancel({ refundAmount: '0', reason: 'No-show' }, 333.33).ok).toBe(true);
    expect(checkStaffCancel({ refundAmount: '333.33', reason: 'x' }, 333.33).ok).toBe(true);
  });

  it('names the field that is wrong', () => {
    expect(checkStaffCancel({ refundAmount: '', reason: 'x' }, 100)).toMatchObject({ field: 'refundAmount' });
    expect(checkStaffCancel({ refundAmount: 'ten', reason: 'x' }, 100)).toMatchObject({
      field: 'refundAmount',
    });
    expect(checkStaffCancel({ refundAmount: '100.01', reason: 'x' }, 100)).toMatchObject({
      field: 'refundAmount',
      message: 'The refund must be from ₹0 to ₹100',
    });
    expect(checkStaffCancel({ refundAmount: '-1', reason: 'x' }, 100)).toMatchObject({
      field: 'refundAmount',
    });
    expect(checkStaffCancel({ refundAmount: '1.005', reason: 'x' }, 100)).toMatchObject({
      field: 'refundAmount',
    });
    expect(checkStaffCancel({ refundAmount: '1', reason: '  ' }, 100)).toMatchObject({ field: 'reason' });
  });
});
