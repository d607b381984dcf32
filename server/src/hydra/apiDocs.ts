// STUB: to be written.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';

export const apiDocsRoutes: FastifyPluginAsync<{ config: Config }> = async () => {};
