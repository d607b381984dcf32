// The journal d'audit's screens (issue 18 #11), made from the AuditEvent declaration by the
// generic screens with the real Hydra data provider, msw answering: the action in French (its
// closed list's label), the moment with its time, no creation; the action filter sends the
// action's code; the detail shows what a change added and removed. And its place in the menu:
// under Admin, for operator administrators only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenericList } from '../../../src/components/generic/GenericList.tsx';
import { GenericShow } from '../../../src/components/generic/GenericShow.tsx';
import { DEMO_ACCOUNTS } from '../../../src/domain/demoAccounts.ts';
import { buildMenu } from '../../../src/domain/menu.ts';
import { expandRoles } from '../../../src/domain/roles.ts';
import { AuditEvent } from '../../../src/domain/schema/audit.ts';
import { CLASSES } from '../../../src/domain/schema/index.ts';
import { Profile } from '../../../src/domain/schema/rights.ts';
import { DECLARATIONS } from '../../../src/resources/index.ts';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const event = (id: number, action: string, extra: Record<string, unknown> = {}) => ({
  '@id': `/api/audit_events/${id}`,
  '@type': 'AuditEvent',
  id,
  occurredAt: '2026-11-26T15:04:22.123Z',
  actor: 'vendeur',
  actorId: 4,
  action,
  targetType: 'Insured',
  targetId: 12,
  targetIds: null,
  detail: {},
  requestId: 'req-1',
  clientIp: '127.0.0.1',
  ...extra,
});

const asked: URL[] = [];
const server = setupServer(
  http.get('*/api/audit_events', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url);
    const action = url.searchParams.get('action');
    const all = [event(2, 'insured.view'), event(1, 'insured.export', { targetId: null })];
    return hydraCollection(action ? all.filter((e) => e.action === action) : all);
  }),
  http.get('*/api/audit_events/:id', () =>
    Response.json(
      event(3, 'rights.update', {
        actor: 'ageo',
        targetType: 'Profile',
        targetId: 5,
        detail: {
          operation: 'update',
          values: {
            roles: { added: ['/api/roles/9'], removed: [] },
            isRestricted: { before: false, after: true },
          },
          changed: ['name'],
        },
      }),
    ),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

const DAY_AND_TIME = /^26\/11\/2026 \d\d:04:22$/;

describe("the journal d'audit list", () => {
  it('shows each event with its moment, its actor and its action in French; no creation', async () => {
    renderScreen(<GenericList title="Journal d'audit" />, {
      route: '/admin/journal',
      at: '/admin/journal',
      resource: 'audit_events',
      account: 'ageo',
    });
    expect(await screen.findByText('Fiche d’assuré consultée')).toBeInTheDocument();
    expect(screen.getByText("Export d'assurés")).toBeInTheDocument();
    expect(screen.getAllByText(DAY_AND_TIME)).toHaveLength(2);
    expect(screen.getAllByText('Assuré')).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: /créer/i })).toBeNull();
    // Newest first, as the declaration says.
    expect(asked[0].searchParams.get('order[occurredAt]')).toBe('desc');
  });

  it('filters by action, sending its code', async () => {
    renderScreen(<GenericList title="Journal d'audit" />, {
      route: '/admin/journal',
      at: '/admin/journal',
      resource: 'audit_events',
      account: 'ageo',
    });
    await screen.findByText('Fiche d’assuré consultée');
    const user = userEvent.setup();
    // The action's filter, a closed list, added from the filter button.
    await user.click(screen.getByRole('button', { name: /ajouter un filtre/i }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Action' }));
    await user.click(await screen.findByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: "Export d'assurés" }));
    await waitFor(() =>
      expect(asked.some((url) => url.searchParams.get('action') === 'insured.export')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Fiche d’assuré consultée')).toBeNull());
  });
});

describe("an empty journal d'audit", () => {
  it('says so in its own words, and keeps its filters', async () => {
    server.use(http.get('*/api/audit_events', () => hydraCollection([])));
    renderScreen(<GenericList title="Journal d'audit" />, {
      route: '/admin/journal',
      at: '/admin/journal',
      resource: 'audit_events',
      account: 'ageo',
    });
    expect(await screen.findByText("Aucun événement d'audit.")).toBeInTheDocument();
    expect(screen.queryByText(/Pas encore/)).toBeNull();
    expect(screen.getByRole('button', { name: /ajouter un filtre/i })).toBeInTheDocument();
  });
});

describe("an event of the journal d'audit", () => {
  it('shows what a change added and removed', async () => {
    renderScreen(<GenericShow title="Événement d'audit" />, {
      route: '/admin/journal/:id',
      at: '/admin/journal/3',
      resource: 'audit_events',
      account: 'ageo',
    });
    expect(await screen.findByText('Droits et profils : modification')).toBeInTheDocument();
    expect(screen.getByText('Profil')).toBeInTheDocument();
    // In French, under the changed class's own labels: no JSON, no English key.
    const detail = screen.getByText('Valeurs modifiées :').closest('dl') as HTMLElement;
    expect(detail).not.toBeNull();
    expect(within(detail).getByText('Modification')).toBeInTheDocument();
    expect(within(detail).getByText(`${Profile.properties.roles.label} :`)).toBeInTheDocument();
    expect(within(detail).getByText('Ajoutés :').nextSibling?.textContent).toBe('/api/roles/9');
    expect(within(detail).getByText('Retirés :').nextSibling?.textContent).toBe('-');
    expect(within(detail).getByText('Avant :').nextSibling?.textContent).toBe('Non');
    expect(
      within(detail).getByText('Modifiés (valeurs non conservées) :').nextSibling?.textContent,
    ).toBe(Profile.properties.name.label);
    expect(detail.textContent).not.toMatch(/"|added|removed|operation/);
    expect(within(document.body).getByText(DAY_AND_TIME)).toBeInTheDocument();
  });
});

describe("the journal d'audit in the menu", () => {
  const menuOf = (username: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.username === username);
    if (!account) throw new Error(username);
    return buildMenu(DECLARATIONS, {
      givenRoles: account.roles,
      roles: expandRoles(account.roles),
    });
  };

  it('is under Admin, after its dashboards, for the operator administrator', () => {
    const admin = menuOf('ageo').find((e) => e.key === 'admin');
    expect(admin?.path).toBe('/admin/dashboard');
    // Every dashboard of spec administration §2 is reachable from the menu.
    expect(admin?.children).toEqual([
      { label: 'Tableau de bord', path: '/admin/dashboard' },
      { label: 'Droits et profils', path: '/admin/droits/dashboard' },
      { label: 'Grossistes', path: '/admin/grossistes/dashboard' },
      { label: "Journal d'audit", path: '/admin/journal' },
    ]);
  });

  it('is nowhere for the others', () => {
    for (const username of ['partenaire', 'manager', 'vendeur']) {
      const paths = menuOf(username).flatMap((e) => [e.path, ...e.children.map((c) => c.path)]);
      expect(paths, username).not.toContain('/admin/journal');
    }
  });
});

describe('the journal’s « Élément »', () => {
  it('names every class whose declaration is audited, by the class’s own title', () => {
    const choices = AuditEvent.properties.targetType.choices ?? {};
    const audited = CLASSES.filter((c) => c.audit);
    expect(audited.length).toBeGreaterThan(10);
    for (const decl of audited) expect(choices[decl.name], decl.name).toBe(decl.title);
    expect(choices.Contract).toBe('Contrat'); // exported, not audited on reads
  });
});
