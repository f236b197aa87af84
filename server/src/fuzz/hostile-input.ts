import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Text an attacker tries, each made invalid with NUL or an unpaired surrogate so no request is valid. */
const payloadText = fc.constantFrom(
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '\u202eRTL\u200b',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧',
  '%00%ff%u0041',
  '',
  ' ',
  'A1',
);
const poison = fc.constantFrom('\u0000', '\ud800', '\udfff', 'x\u0000y', '\udc00\ud800');

/** A string that must never be accepted: attack text around a NUL or a lone surrogate. */
export const badString = fc
  .tuple(payloadText, poison, fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 3 }))
  .map(([text, bad, noise, repeat]) => `${text}${bad}${noise}`.repeat(repeat === 3 ? 300 : 1));

/** Values of the wrong type or shape for any field. */
export const badValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    badString,
    fc.constantFrom<Json>(null, true, false, -1, 0, 1e308, -0, 2 ** 53 + 1, 1.5, [], {}),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'a'), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

/** Nesting far past anything real: `[[[[…]]]]`. */
const deepNesting = fc.integer({ min: 20, max: 400 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

export interface HostileBody {
  contentType: string;
  payload: string | Buffer;
}

/** A body for a route reading `fields`: each field bad, plus prototype keys, or an odd encoding. */
export function hostileBody(fields: string[]): fc.Arbitrary<HostileBody> {
  const json = (payload: string): HostileBody => ({ contentType: 'application/json', payload });
  const record = fc
    .tuple(
      fc.tuple(...fields.map(() => badValue)),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra'), badValue, {
        maxKeys: 2,
      }),
    )
    .map(([values, extra]) => {
      // Written by hand so a "__proto__" key stays a key in the JSON text.
      const entries = [
        ...fields.map((field, index) => [field, values[index]] as const),
        ...Object.entries(extra),
      ];
      return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
    });
  return fc.oneof(
    { weight: 6, arbitrary: record.map(json) },
    { weight: 1, arbitrary: badValue.map((value) => json(JSON.stringify(value))) },
    { weight: 1, arbitrary: deepNesting.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        json('{"a":'),
        json(''),
        json('null'),
        json('{"__proto__":{"isAdmin":true}}'),
        json('{"constructor":{"prototype":{"role":"admin"}}}'),
        { contentType: 'text/plain', payload: '' },
        { contentType: 'text/plain', payload: 'showId=1' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&__proto__[x]=1' },
        { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
        { contentType: 'application/json; charset=utf-16', payload: Buffer.from('{"a":1}', 'utf16le') },
        {
          contentType: 'application/json',
          payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
        },
        { contentType: 'application/xml', payload: '<a/>' },
      ),
    },
  );
}

/** A path segment: garbage, odd percent-encodings, traversal, huge. */
export const hostilePathSegment = fc.oneof(
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text) || 'x'),
  fc.constantFrom(
    '%ff',
    '%00',
    '%E0%A4%A',
    '%u0041',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'undefined',
    'null',
    '0',
    '-1',
    '00000000-0000-4000-8000-000000000000',
    '00000000-0000-0000-0000-00000000000g',
    '%F0%9F%98%80',
    '%ED%A0%80',
  ),
  badString.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%00'),
  fc.integer({ min: 250, max: 2_000 }).map((length) => 'a'.repeat(length)),
);

/** A query string over `keys` (and others): repeated keys, brackets, NUL, bad encodings. */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  const key = fc.constantFrom(...keys, '__proto__', 'constructor', 'a[b]', 'page[]');
  const value = fc.oneof(
    badString.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\u0000'))),
    fc.constantFrom(
      '%ff',
      '%00',
      '9999-99-99',
      '2025-02-30',
      // Real dates at the calendar's ends: the last has no next day to end its window at.
      '9999-12-31',
      '0001-01-01',
      '-1',
      '1e999',
      'NaN',
      '[96]',
      'true',
      '',
    ),
  );
  return fc
    .array(fc.tuple(key, value), { minLength: 1, maxLength: 4 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}`);
}

/**
 * Other spellings of `path` (`/api/…`) that a router or better-auth could read as the same or
 * another route: dot segments plain and escaped, `//`, escaped slashes and letters, backslashes,
 * absolute-form targets, a fragment.
 */
export function otherSpellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const lastSlash = path.lastIndexOf('/');
  return [
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/api/%2e/${rest}`,
    `/api/x/%2E%2e/${rest}`,
    `/api/x/.%2E/${rest}`,
    `${path}/.`,
    `${path}/x/..`,
    `/api//${rest}`,
    `${path.slice(0, lastSlash)}%2F${path.slice(lastSlash + 1)}`,
    `${path.slice(0, lastSlash)}%5c${path.slice(lastSlash + 1)}`,
    `${path.slice(0, lastSlash)}\\${path.slice(lastSlash + 1)}`,
    `/%61pi/${rest}`,
    `/api/${rest.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)}`,
    `http://x${path}`,
    `https://127.0.0.1${path}?a=1`,
    `http://x/api/./${rest}`,
    `${path}#x`,
  ];
}
