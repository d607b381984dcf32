// What `npm start` prints once the server answers: where to open it and how to sign in (the
// demo accounts where DEMO_DATA is on, else how to get a first administrator).
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

/** What main.ts learnt preparing the database (db/prepare.ts). */
export interface PreparedDatabase {
  seeded: boolean;
  migrated: string[];
  initialised?: boolean;
  firstAdmin?: string;
  accounts?: number;
}

/** How a real installation gets its first administrator (docs/configuration.md, DEMO_DATA). */
function firstAdminHelp(config: Config): string[] {
  return config.oidc.embedded
    ? [
        'No account yet. To create the first operator administrator, start once with',
        '  ADMIN_LOGIN=<login> ADMIN_PASSWORD=<12 characters or more, letters and digits>',
        'then sign in with them and remove ADMIN_PASSWORD from the environment.',
        '(For a demo with its demo accounts instead: DEMO_DATA=true on an empty database.)',
      ]
    : [
        `No account yet. The accounts are ${config.oidc.issuer}'s; to give the operator's`,
        'administrator rights to one of them, start once with ADMIN_LOGIN=<its user name>.',
      ];
}

export function banner(config: Config, database: PreparedDatabase) {
  const where =
    config.database.kind === 'pglite'
      ? `PGlite in ${config.database.dir}`
      : `PostgreSQL ${new URL(config.database.url).host}${new URL(config.database.url).pathname}`;
  const state = database.seeded
    ? 'created and seeded with demo data'
    : database.initialised
      ? 'created without demo data (DEMO_DATA is off)'
      : 'reused';
  const lines = [
    '',
    `Espace partenaire is ready: ${config.publicUrl}`,
    `  database: ${where} (${state})`,
    `  identity provider: ${config.oidc.embedded ? `embedded, ${config.oidc.issuer}` : config.oidc.issuer}`,
    ...(config.maintenance
      ? ['  MAINTENANCE is on: the API answers 503 "Site en maintenance"']
      : []),
  ];
  if (database.firstAdmin) {
    lines.push(
      '',
      `First administrator created: ${database.firstAdmin} (operator administrator).`,
      ...(config.oidc.embedded
        ? ['Sign in with ADMIN_PASSWORD, then remove it from the environment.']
        : []),
    );
  }
  if (config.demoData && config.oidc.embedded) {
    const rows = [
      ['username', 'password', 'profile'],
      ...DEMO_ACCOUNTS.map((a) => [
        a.username,
        a.password,
        PROFILES[a.roles.find((r) => r in PROFILES) ?? ''] ?? a.roles.join(', '),
      ]),
    ];
    lines.push('', 'Demo accounts:', ...table(rows));
  } else if (database.accounts === 0) {
    lines.push('', ...firstAdminHelp(config));
  }
  return `${lines.join('\n')}\n`;
}
