// Which Accept-Encoding headers allow a gzip-compressed page (server/src/http/compression.ts).
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../../server/src/http/compression.ts';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['br, *;q=0.5', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.0, br', false],
    ['*;q=0', false],
    ['br, *;q=0.5, gzip;q=0', false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
