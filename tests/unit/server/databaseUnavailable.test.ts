// What counts as "the database cannot be reached" (server/src/db/unavailable.ts): the one rule
// behind the 503 + Retry-After of the error handler, the bearer check and the oidc adapter.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/src/db/unavailable.ts';

const pgError = (code: string, message = 'x') =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });
const errno = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', errno('ECONNREFUSED')],
    ['connection reset', errno('ECONNRESET')],
    ['host unreachable', errno('EHOSTUNREACH')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pg.Pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'pg: client broken',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['PGlite closed', new Error('PGlite is closed')],
    [
      '57P01 admin_shutdown',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['57P03 cannot_connect_now', pgError('57P03', 'the database system is starting up')],
    ['08000', pgError('08000')],
    ['08003', pgError('08003')],
    ['08006', pgError('08006')],
    ['53300 too many connections', pgError('53300')],
    [
      'localhost: both addresses refused',
      new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')]),
    ],
    ['wrapped', new Error('query failed', { cause: errno('ECONNREFUSED') })],
  ])('%s: yes', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a data exception', pgError('22P02', 'invalid input syntax for type integer')],
    ['a unique violation', pgError('23505', 'duplicate key value')],
    ['a syntax error', pgError('42601', 'syntax error at or near')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'Connection terminated'],
  ])('%s: no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
