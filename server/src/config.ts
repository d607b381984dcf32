// Environment -> typed configuration, validated once at start (docs/configuration.md).
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { BRANDS } from '../../src/domain/brands.ts';
import { REALM_NAME } from '../../src/domain/directory.ts';
import { passwordFault } from '../../src/domain/passwordPolicy.ts';
import { DEFAULT_REALM } from '../../src/domain/userForm.ts';

const PORT_MESSAGE = 'must be a whole number from 1 to 65535';
const PAGE_CACHE_MESSAGE = 'must be a whole number of seconds from 0 (off) to 300';
const REALM_MESSAGE =
  'must be a realm name: letters, digits, dots, dashes and underscores, such as partenaires';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''], {
    message: 'must be true or false (1/0, yes/no and on/off are accepted too)',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of ${values.join(', ')}` });

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
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, { message: PORT_MESSAGE })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, { message: PORT_MESSAGE })
    .default(8080),
  HOST: z
    .string()
    .trim()
    .min(1, { message: 'must be an address such as 0.0.0.0' })
    .default('0.0.0.0'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://partenaires.example.fr').optional(),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@host:5432/database',
  ).optional(),
  DATA_DIR: z
    .string()
    .min(1)
    // The kernel's pseudo file systems hold no files: Node 20's recursive mkdir under /proc
    // never returns, and the server would hang at start without a word.
    .refine((dir) => !/^\/(proc|sys|dev)(\/|$)/.test(resolve(dir)), {
      message: 'must be a folder on a disk, not under /proc, /sys or /dev',
    })
    .default('var'),
  OIDC_ISSUER: urlWithProtocols(
    ['http:', 'https:'],
    'https://sso.example.fr/realms/partners',
  ).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('espace-partenaire'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_ACCOUNT_URL: urlWithProtocols(
    ['http:', 'https:'],
    'https://sso.example.fr/realms/partners/account',
  ).optional(),
  MAINTENANCE: booleanFlag.default(false),
  BRAND: oneOf(BRANDS).default('ageo'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  SMTP_URL: urlWithProtocols(
    ['smtp:', 'smtps:'],
    'smtp://user:password@mail.example.fr:587',
  ).optional(),
  PAGE_CACHE_SECONDS: z
    .string()
    .regex(/^\d{1,3}$/, { message: PAGE_CACHE_MESSAGE })
    .transform(Number)
    .refine((n) => n <= 300, { message: PAGE_CACHE_MESSAGE })
    .default(5),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_SCALE: oneOf(['demo', 'large']).default('demo'),
  CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every(isOrigin), {
      message: 'must be origins separated by commas, such as https://admin.example.fr',
    })
    .transform((origins) => origins.map((origin) => new URL(origin).origin))
    .default([]),
  SSO_DEFAULT_REALM: z.string().regex(REALM_NAME, { message: REALM_MESSAGE }).optional(),
  KEYCLOAK_ADMIN_URL: urlWithProtocols(['http:', 'https:'], 'https://sso.example.fr').optional(),
  KEYCLOAK_ADMIN_REALM: z.string().regex(REALM_NAME, { message: REALM_MESSAGE }).default('master'),
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().trim().min(1).optional(),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isProxyAddress), {
      message:
        'must be proxy addresses or networks separated by commas, such as 10.0.0.5,172.16.0.0/12 (or loopback, linklocal, uniquelocal)',
    })
    .default([]),
  DEMO_DATA: booleanFlag.optional(),
  ADMIN_LOGIN: z
    .string()
    .trim()
    .regex(/^[^\s/\\]{1,150}$/, { message: 'must be a user name without spaces or slashes' })
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine((value) => passwordFault(value) === undefined, {
      message: 'must be 12 to 128 characters with letters and digits (the password policy)',
    })
    .optional(),
});

/** Variables whose value a configuration error never echoes. */
const SECRETS = new Set(['ADMIN_PASSWORD']);

/** A fault of one variable found by looking at others too. */
interface CrossFault {
  name: string;
  message: string;
}

/** The variables given (set and not empty), as written: what the cross checks look at. */
type Given = Readonly<Record<string, string | undefined>>;

/**
 * The first administrator (ADMIN_LOGIN, with ADMIN_PASSWORD on the embedded provider; the
 * external provider holds its own passwords).
 */
function firstAdminFaults(env: Given): CrossFault[] {
  const embedded = !env.OIDC_ISSUER;
  if (env.ADMIN_PASSWORD && !env.ADMIN_LOGIN)
    return [
      { name: 'ADMIN_LOGIN', message: 'must be set with ADMIN_PASSWORD (the first administrator)' },
    ];
  if (embedded && env.ADMIN_LOGIN && !env.ADMIN_PASSWORD)
    return [
      {
        name: 'ADMIN_PASSWORD',
        message: 'must be set with ADMIN_LOGIN on the embedded identity provider',
      },
    ];
  if (!embedded && env.ADMIN_PASSWORD)
    return [
      {
        name: 'ADMIN_PASSWORD',
        message: 'is not used with OIDC_ISSUER: the identity provider holds the passwords',
      },
    ];
  return [];
}

/**
 * The Keycloak directory needs its address and its client's credentials together. A missing
 * one is reported on its own name; credentials without an address are reported on
 * KEYCLOAK_ADMIN_URL, so that the secret is never echoed.
 */
function keycloakFaults(env: Given): CrossFault[] {
  if (env.KEYCLOAK_ADMIN_URL) {
    return (['KEYCLOAK_ADMIN_CLIENT_ID', 'KEYCLOAK_ADMIN_CLIENT_SECRET'] as const)
      .filter((name) => !env[name])
      .map((name) => ({
        name,
        message: 'must be set when KEYCLOAK_ADMIN_URL is set (the directory search of Keycloak)',
      }));
  }
  if (env.KEYCLOAK_ADMIN_CLIENT_ID || env.KEYCLOAK_ADMIN_CLIENT_SECRET) {
    return [
      {
        name: 'KEYCLOAK_ADMIN_URL',
        message:
          'must be set when KEYCLOAK_ADMIN_CLIENT_ID or KEYCLOAK_ADMIN_CLIENT_SECRET is set, such as https://sso.example.fr',
      },
    ];
  }
  return [];
}

/** An IPv4/IPv6 address, a CIDR network, or one of proxy-addr's named ranges. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** An http(s) origin: scheme, host and port, nothing after them. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && value.replace(/\/$/, '') === url.origin;
  } catch {
    return false;
  }
}

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
    /**
     * Where an external provider lets people change their password (it holds them; Keycloak's
     * account console by default). Absent with the embedded provider: the passwords are here.
     */
    accountUrl?: string;
  };
  maintenance: boolean;
  brand: (typeof BRANDS)[number];
  redisUrl?: string;
  smtpUrl?: string;
  /** How long a list page is kept for its user (resources/framework/pageCache.ts); 0: off. */
  pageCacheSeconds: number;
  logLevel: string;
  seedScale: 'demo' | 'large';
  /** Other sites whose pages may call the API from a browser (CORS); none by default. */
  corsOrigins: string[];
  /**
   * Proxies whose X-Forwarded-For/-Proto/-Host are believed (addresses, CIDR networks or
   * proxy-addr's named ranges); empty: forwarding headers are ignored, the socket is the client.
   */
  trustProxy: string[];
  /**
   * Demo accounts and demo data may be seeded into an empty database. Asked for explicitly
   * (DEMO_DATA) or implied by the embedded database; never implied by DATABASE_URL.
   */
  demoData: boolean;
  /**
   * ADMIN_LOGIN (and ADMIN_PASSWORD on the embedded provider): the operator administrator
   * created at start when the database has no account yet (db/prepare.ts).
   */
  firstAdmin?: { login: string; password?: string };
  /** The single sign-on directory searched by /api/users/sso_search* (server/src/users/directory). */
  directory: {
    /** The realm searched when a call names none (spec administration §9: an internal realm). */
    defaultRealm: string;
    /** Keycloak's admin REST API; unset: the embedded provider's accounts (app_user). */
    keycloak?: {
      /** Keycloak's base address, without a trailing slash (https://sso.example.fr). */
      url: string;
      /** The realm of the admin client (its token endpoint). */
      realm: string;
      clientId: string;
      clientSecret: string;
    };
  };
}

export class ConfigError extends Error {}

/** A bad value is echoed to help; a password inside a URL is not. */
function masked(value: string): string {
  return value.replace(/(\/\/[^/:@\s]*:)[^@/\s]*@/, '$1***@');
}

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(present);
  // Checks across variables look at what was written, so that they are reported in the same
  // run as any bad value (one round of fixes, not several).
  const faults: CrossFault[] = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          name: issue.path.join('.'),
          message: issue.message,
        }))),
    ...keycloakFaults(present),
    ...firstAdminFaults(present),
    ...(present.OIDC_ACCOUNT_URL && !present.OIDC_ISSUER
      ? [
          {
            name: 'OIDC_ACCOUNT_URL',
            message:
              'is used only with OIDC_ISSUER: the embedded identity provider holds the passwords here',
          },
        ]
      : []),
  ];
  if (!parsed.success || faults.length) {
    const lines = faults.map(({ name, message }) => {
      if (SECRETS.has(name)) return `  ${name}: ${message}`;
      return `  ${name}=${JSON.stringify(masked(present[name] ?? ''))}: ${message}`;
    });
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee docs/configuration.md.`,
    );
  }
  const e = parsed.data as z.output<typeof schema>;
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
      accountUrl: e.OIDC_ISSUER
        ? (e.OIDC_ACCOUNT_URL ?? `${e.OIDC_ISSUER.replace(/\/+$/, '')}/account`)
        : undefined,
    },
    maintenance: e.MAINTENANCE,
    brand: e.BRAND,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
    seedScale: e.SEED_SCALE,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    firstAdmin: e.ADMIN_LOGIN ? { login: e.ADMIN_LOGIN, password: e.ADMIN_PASSWORD } : undefined,
    directory: {
      defaultRealm: e.SSO_DEFAULT_REALM ?? issuerRealm(e.OIDC_ISSUER) ?? DEFAULT_REALM,
      keycloak:
        e.KEYCLOAK_ADMIN_URL && e.KEYCLOAK_ADMIN_CLIENT_ID && e.KEYCLOAK_ADMIN_CLIENT_SECRET
          ? {
              url: e.KEYCLOAK_ADMIN_URL.replace(/\/+$/, ''),
              realm: e.KEYCLOAK_ADMIN_REALM,
              clientId: e.KEYCLOAK_ADMIN_CLIENT_ID,
              clientSecret: e.KEYCLOAK_ADMIN_CLIENT_SECRET,
            }
          : undefined,
    },
  };
}

/** The realm of a Keycloak issuer (https://sso.example.fr/realms/partenaires), if it is one. */
function issuerRealm(issuer: string | undefined): string | undefined {
  const match = issuer ? /\/realms\/([^/]+)\/*$/.exec(issuer) : null;
  return match && REALM_NAME.test(match[1]) ? match[1] : undefined;
}

/** For entry points: the configuration, or its message on stderr and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
