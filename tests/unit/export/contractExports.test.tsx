// The contract detail (/contrats/{id}) exports the contract itself and its insured persons
// (spec §5: "Insured and contract exports on per-contract screens require a contract id"):
// the buttons send the export of the contract list narrowed to the id, and of the insured list
// filtered by contrat.id, with their default names.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { ContractShow } from '../../../src/resources/contracts/ContractShow.tsx';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const encoder = new TextEncoder();
const exports: { path: string; body: Record<string, unknown> }[] = [];

const server = setupServer(
  http.get('*/.well-known/mercure', () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(':\n\n'));
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
  http.post('*/export/:kind', async ({ request, params }) => {
    exports.push({
      path: `/export/${params.kind}`,
      body: (await request.json()) as Record<string, unknown>,
    });
    return HttpResponse.json({ detail: 'stop here' }, { status: 400 });
  }),
  http.get('*/api/contracts/12', () =>
    HttpResponse.json({
      '@id': '/api/contracts/12',
      '@type': 'Contract',
      id: 12,
      lbContrat: 'CT-2024-0012',
      lbProduit: 'Santé Pro',
      dateDebVal: '2024-03-09',
      organizations: [],
      customerPortfolios: [],
      options: [],
    }),
  ),
  http.get('*/api/insured_with_beneficiaries', () =>
    hydraCollection([
      { '@id': '/api/assures/301', id: 301, firstname: 'Lucie', lastname: 'Bernard' },
    ]),
  ),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  setBearerSource(async () => 'jwt-export');
});
afterEach(() => {
  exports.length = 0;
});
afterAll(() => {
  server.close();
  setBearerSource(async () => null);
});

const open = () =>
  renderScreen(<ContractShow title="Contrat" />, {
    route: '/contrats/:id?',
    at: '/contrats/12',
    resource: 'contracts',
  });

async function clickEnabled(scope: HTMLElement, name: 'Excel' | 'CSV') {
  const button = within(scope).getByRole('button', { name });
  await vi.waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

describe('/contrats/{id} exports', () => {
  it('exports the contract itself (the contract list narrowed to its id)', async () => {
    open();
    expect(await screen.findByText('CT-2024-0012')).toBeInTheDocument();
    const panel = document.body;
    expect(within(panel).getByLabelText('Nom du fichier')).toHaveAttribute(
      'placeholder',
      'contrats_12',
    );
    await clickEnabled(panel, 'CSV');
    await vi.waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].path).toBe('/export/contractsCsv');
    expect(exports[0].body).toMatchObject({ id: '12' });
  });

  it("exports the contract's insured persons (contrat.id)", async () => {
    open();
    expect(await screen.findByText('CT-2024-0012')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Assurés' }));
    expect(await screen.findByText(/Bernard/)).toBeInTheDocument();
    const panel = document.body;
    expect(within(panel).getByLabelText('Nom du fichier')).toHaveAttribute(
      'placeholder',
      'assures_12',
    );
    await clickEnabled(panel, 'Excel');
    await vi.waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].path).toBe('/export/insureds');
    expect(exports[0].body).toMatchObject({ 'contrat.id': '12' });
  });
});
