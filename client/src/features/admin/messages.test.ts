import { showMessages as serverMessages } from '@marquee/shared';
import { expect, it } from 'vitest';
import { showMessages } from './messages.ts';

it('says what the server says, in the spec’s words', () => {
  expect(showMessages).toEqual(serverMessages);
});
