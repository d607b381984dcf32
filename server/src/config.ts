// Environment -> typed configuration, validated once at start (docs/configuration.md).
import { z } from 'zod';
import { BRANDS } from '../../src/domain/brands.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL such as ${example}` },
  );

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://partenaires.example.fr').optional(),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@host:5432/database',
  ).optional(),
  DATA_DIR: z.string().min(1).default('var'),
  OIDC_ISSUER: urlWithProtocols(
    ['http:', 'https:'],
    'https://sso.example.fr/realms/partners',
  ).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('espace-partenaire'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  MAINTENANCE: booleanFlag.default(false),
  BRAND: z.enum(BRANDS, { message: `must be one of ${BRANDS.join(', ')}` }).default('ageo'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  SMTP_URL: urlWithProtocols(
    ['smtp:', 'smtps:'],
    'smtp://user:password@mail.example.fr:587',
  ).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_SCALE: z.enum(['demo', 'large']).default('demo'),
});

export type Env = z.input<typeof schema>;

export interface Config {
  port: number;
  host: string;
  /** The address people use to reach the product (no trailing slash). */
  publicUrl: string;
  /** Where PGlite keeps its files, the outbox and other local state. */
  dataDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  oidc: {
    /** True when the server mounts its own identity provider under /oidc. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
  };
  maintenance: boolean;
  brand: (typeof BRANDS)[number];
  redisUrl?: string;
  smtpUrl?: string;
  logLevel: string;
  seedScale: 'demo' | 'large';
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee docs/configuration.md.`,
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const embedded = !e.OIDC_ISSUER;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: `${e.DATA_DIR}/db` },
    oidc: {
      embedded,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/+$/, ''),
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    },
    maintenance: e.MAINTENANCE,
    brand: e.BRAND,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    seedScale: e.SEED_SCALE,
  };
}
