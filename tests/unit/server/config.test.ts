// @vitest-environment node
// The environment, validated at start with a message that names the variable at fault.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/src/config.ts';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('loadConfig', () => {
  it('has working defaults on a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      database: { kind: 'pglite', dir: 'var/db' },
      oidc: {
        embedded: true,
        issuer: 'http://localhost:8080/oidc',
        clientId: 'espace-partenaire',
        audience: 'http://localhost:8080/api',
      },
      maintenance: false,
      brand: 'ageo',
      logLevel: 'info',
      seedScale: 'demo',
      pageCacheSeconds: 5,
      corsOrigins: [],
      trustProxy: [],
      demoData: true,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://partenaires.example.fr/',
      DATABASE_URL: 'postgres://app:secret@db:5432/extranet',
      OIDC_ISSUER: 'https://sso.example.fr/realms/partners/',
      OIDC_CLIENT_ID: 'extranet',
      MAINTENANCE: 'on',
      BRAND: 'grenat',
      SEED_SCALE: 'large',
      PAGE_CACHE_SECONDS: '0',
      CORS_ORIGINS: 'https://admin.example.fr, http://localhost:5174/',
      TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,loopback',
    });
    expect(config).toMatchObject({
      port: 9000,
      publicUrl: 'https://partenaires.example.fr',
      database: { kind: 'postgres', url: 'postgres://app:secret@db:5432/extranet' },
      oidc: {
        embedded: false,
        issuer: 'https://sso.example.fr/realms/partners',
        clientId: 'extranet',
        // Keycloak's account console, where its users change their passwords.
        accountUrl: 'https://sso.example.fr/realms/partners/account',
      },
      maintenance: true,
      brand: 'grenat',
      seedScale: 'large',
      pageCacheSeconds: 0,
      corsOrigins: ['https://admin.example.fr', 'http://localhost:5174'],
      trustProxy: ['10.0.0.5', '172.16.0.0/12', 'loopback'],
      demoData: false,
    });
  });

  it('refuses a DATA_DIR on a pseudo file system, where the start would hang', () => {
    for (const dir of ['/proc/self/x', '/sys', '/dev/shm/../null']) {
      expect(refusal({ DATA_DIR: dir })).toContain(
        'must be a folder on a disk, not under /proc, /sys or /dev',
      );
    }
    expect(loadConfig({ DATA_DIR: '/tmp/procedures' }).dataDir).toBe('/tmp/procedures');
  });

  it('knows where an external provider changes passwords, and only with one', () => {
    expect(loadConfig({}).oidc.accountUrl).toBeUndefined();
    const account = 'https://id.example.fr/moncompte';
    expect(
      loadConfig({ OIDC_ISSUER: 'https://id.example.fr', OIDC_ACCOUNT_URL: account }).oidc
        .accountUrl,
    ).toBe(account);
    expect(refusal({ OIDC_ACCOUNT_URL: account })).toContain(
      'OIDC_ACCOUNT_URL="https://id.example.fr/moncompte": is used only with OIDC_ISSUER',
    );
  });

  it('seeds demo data on the embedded database or when asked, never implied by DATABASE_URL', () => {
    const postgres = { DATABASE_URL: 'postgres://app@db:5432/extranet' };
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig(postgres).demoData).toBe(false);
    expect(loadConfig({ ...postgres, DEMO_DATA: 'yes' }).demoData).toBe(true);
  });

  it('refuses a trusted proxy that is no address or network', () => {
    for (const value of ['proxy.example.fr', '10.0.0.0/33', '10.0.0.1/8/2', '*']) {
      expect(refusal({ TRUST_PROXY: value })).toContain('must be proxy addresses or networks');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it('refuses a CORS origin with a path or without a scheme', () => {
    for (const value of ['https://admin.example.fr/app', 'admin.example.fr', 'ftp://x.fr']) {
      expect(refusal({ CORS_ORIGINS: value })).toContain(
        'must be origins separated by commas, such as https://admin.example.fr',
      );
    }
  });

  it('names an unknown BRAND and the accepted ones', () => {
    expect(refusal({ BRAND: 'rose' })).toContain(
      'BRAND="rose": must be one of ageo, azur, emeraude, grenat',
    );
  });

  it('names a malformed DATABASE_URL without echoing its password', () => {
    const message = refusal({ DATABASE_URL: 'mysql://app:s3cret@db/extranet' });
    expect(message).toContain(
      'DATABASE_URL="mysql://app:***@db/extranet": must be a URL such as postgres://',
    );
    expect(message).not.toContain('s3cret');
    expect(refusal({ DATABASE_URL: 'pas une url' })).toContain('DATABASE_URL="pas une url"');
  });

  it('names a bad PORT', () => {
    for (const port of ['http', '0', '65536', '80.5', '-1']) {
      expect(refusal({ PORT: port })).toContain(
        `PORT="${port}": must be a whole number from 1 to 65535`,
      );
    }
  });

  it('names a bad PAGE_CACHE_SECONDS', () => {
    for (const seconds of ['cinq', '-1', '301', '2.5']) {
      expect(refusal({ PAGE_CACHE_SECONDS: seconds })).toContain(
        `PAGE_CACHE_SECONDS="${seconds}": must be a whole number of seconds from 0 (off) to 300`,
      );
    }
  });

  it('lists every bad variable at once and points at the documentation', () => {
    const message = refusal({ PORT: 'x', MAINTENANCE: 'peut-être', LOG_LEVEL: 'bavard' });
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  PORT="x": must be a whole number from 1 to 65535',
      '  MAINTENANCE="peut-être": must be true or false (1/0, yes/no and on/off are accepted too)',
      '  LOG_LEVEL="bavard": must be one of fatal, error, warn, info, debug, trace, silent',
      'See docs/configuration.md.',
    ]);
  });

  it('reports the checks across variables in the same run as the bad values', () => {
    const message = refusal({
      PUBLIC_URL: 'ftp://x',
      ADMIN_PASSWORD: 'court',
      KEYCLOAK_ADMIN_CLIENT_ID: 'x',
    });
    expect(message.split('\n').map((line) => line.split(':')[0])).toEqual([
      'Invalid configuration',
      '  PUBLIC_URL="ftp',
      '  ADMIN_PASSWORD',
      '  KEYCLOAK_ADMIN_URL=""',
      '  ADMIN_LOGIN=""',
      'See docs/configuration.md.',
    ]);
    expect(message).not.toContain('court');
  });
});
