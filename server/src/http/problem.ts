// STUB: to be written.
import type { FastifyInstance } from 'fastify';

export function problemHandling(_app: FastifyInstance): void {}
