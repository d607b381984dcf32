// What `npm start` prints once the server answers: where to open it and how to sign in.
import { DEMO_ACCOUNTS } from '../../../src/domain/demoAccounts.ts';
import type { Config } from '../config.ts';

const PROFILES: Record<string, string> = {
  PROFILE_ADMIN_AGEO: 'operator administrator (sees everything)',
  PROFILE_ADMIN_PARTNER: 'partner administrator',
  PROFILE_MANAGER: 'manager, supervises sellers',
  PROFILE_SELLER: 'seller',
};

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => `  ${r.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`.trimEnd());
}

export function banner(config: Config, database: { seeded: boolean; migrated: string[] }) {
  const where =
    config.database.kind === 'pglite'
      ? `PGlite in ${config.database.dir}`
      : `PostgreSQL ${new URL(config.database.url).host}${new URL(config.database.url).pathname}`;
  const state = database.seeded ? 'created and seeded with demo data' : 'reused';
  const lines = [
    '',
    `Espace partenaire is ready: ${config.publicUrl}`,
    `  database: ${where} (${state})`,
    `  identity provider: ${config.oidc.embedded ? `embedded, ${config.oidc.issuer}` : config.oidc.issuer}`,
    ...(config.maintenance
      ? ['  MAINTENANCE is on: the API answers 503 "Site en maintenance"']
      : []),
  ];
  if (config.oidc.embedded) {
    const rows = [
      ['username', 'password', 'profile'],
      ...DEMO_ACCOUNTS.map((a) => [
        a.username,
        a.password,
        PROFILES[a.roles.find((r) => r in PROFILES) ?? ''] ?? a.roles.join(', '),
      ]),
    ];
    lines.push('', 'Demo accounts:', ...table(rows));
  }
  return `${lines.join('\n')}\n`;
}
