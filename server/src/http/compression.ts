// List pages sent gzip-compressed to a client that accepts it (browsers all do): a contract
// page of 27 KB crosses the network in 3.6 KB, for 56 µs of compression at level 1, which the
// smaller socket write mostly pays back even on loopback (docs/benchmarks.md, issue 19). The
// SPA's assets are compressed once at build time instead (scripts/precompress.ts).
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compression saves less than a network packet. */
const MIN_BYTES = 1024;
const LEVEL = 1;

/** Whether Accept-Encoding allows gzip (named or `*`, without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name === 'gzip' || name === 'x-gzip') return !refused;
    if (name === '*') star = !refused;
  }
  return star;
}

/** The text as sent: gzip-compressed when the client accepts it and it is worth it. */
export function compressible(request: FastifyRequest, reply: FastifyReply, text: string) {
  const vary = reply.getHeader('vary');
  reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (text.length < MIN_BYTES || !acceptsGzip(request.headers['accept-encoding'])) return text;
  reply.header('Content-Encoding', 'gzip');
  return gzipSync(text, { level: LEVEL });
}
