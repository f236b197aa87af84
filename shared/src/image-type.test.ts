import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './food.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('imageTypeOf', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(imageTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, however it starts', () => {
    expect(imageTypeOf(bytes('GIF89a'))).toBeNull();
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(imageTypeOf(bytes([0x89], 'PNG'))).toBeNull();
    expect(imageTypeOf(bytes([0xff, 0xd8]))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
