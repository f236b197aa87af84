import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { cancelFailureText } from './cancel-flow.ts';

describe('cancelFailureText', () => {
  it('says the cancel failed when the server refused it', () => {
    expect(cancelFailureText(new ApiError('This show has already started', 400))).toBe(
      'Failed to cancel booking',
    );
    expect(cancelFailureText(new ApiError('Not authorized', 403))).toBe('Failed to cancel booking');
  });

  it('says there was an error when no answer came back', () => {
    expect(cancelFailureText(new TypeError('Failed to fetch'))).toBe('Error cancelling booking');
    expect(cancelFailureText(new ApiError('', 0))).toBe('Error cancelling booking');
  });
});
