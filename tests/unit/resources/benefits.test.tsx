// BenefitsOf (src/resources/benefits): an insured's benefits with the display rules of spec
// partner-extranet §3 "Benefit" on screen (PRELEVEMENT shown TIERS PAYANT, basket type from
// 2020-01-01 only, amounts), latest payment first (§9), and the §8 load error.
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BenefitsOf } from '../../../src/resources/benefits/BenefitsOf.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const text = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

function cell(rowText: string, header: string): string {
  const row = screen.getAllByText(rowText, { selector: 'td, td *' })[0].closest('tr');
  const headers = [...(row?.closest('table')?.querySelectorAll('thead th') ?? [])].map(text);
  expect(headers).toContain(header);
  return text(row?.querySelectorAll('td')[headers.indexOf(header)]);
}

const benefit = (id: number, fields: Record<string, unknown>) => ({
  id,
  dateTreatment: '2021-03-04',
  datePayment: '2021-03-10',
  lbFamAct: 'Pharmacie',
  invoice: { lbFacture: `F-${id}` },
  lbFacture: `F-${id}`,
  secuSocialRefund: 12.5,
  realPrice: 40,
  mutualRefund: 1234.5,
  lbModPay: 'VIREMENT',
  lbOption: 'Option 2',
  basketType: '100% Santé',
  beneficiary: { id: 11, firstname: 'Léo', lastname: 'Durand' },
  ...fields,
});

describe('BenefitsOf', () => {
  it('shows the rules of §3 and reads latest payments first', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/prestations', ({ request }) => {
        query = new URL(request.url).searchParams;
        return hydraCollection([
          benefit(1, { lbModPay: 'PRELEVEMENT' }),
          // Treated on the last day of 2019: no basket type shown.
          benefit(2, { dateTreatment: '2019-12-31', datePayment: null }),
          // Treated on the first day of 2020: shown.
          benefit(3, {
            dateTreatment: '2020-01-01',
            basketType: 'Panier maîtrisé',
            beneficiary: { id: 5, firstname: 'Jeanne', lastname: 'Durand' },
          }),
        ]);
      }),
    );
    renderScreen(<BenefitsOf insured={5} />, {
      route: '/assures/:id?',
      at: '/assures/5',
      resource: 'insureds',
    });
    expect(await screen.findByText('F-1')).toBeInTheDocument();
    expect(query?.get('insured')).toBe('5');
    expect(query?.get('order[datePayment]')).toBe('desc');

    expect(cell('F-1', 'Mode de paiement')).toBe('TIERS PAYANT');
    expect(cell('F-2', 'Mode de paiement')).toBe('VIREMENT');
    expect(cell('F-1', 'Panier')).toBe('100% Santé');
    expect(cell('F-2', 'Panier')).toBe('');
    expect(cell('F-3', 'Panier')).toBe('Panier maîtrisé');
    expect(cell('F-1', 'Remb. mutuelle')).toBe('1 234,50');
    expect(cell('F-1', 'Remb. Sécurité sociale')).toBe('12,50');
    expect(cell('F-1', 'Dépense réelle')).toBe('40,00');
    expect(cell('F-1', 'Date de soins')).toBe('04/03/2021');
    expect(cell('F-2', 'Date de paiement')).toBe('-');
    expect(cell('F-1', 'Bénéficiaire des soins')).toBe('Léo Durand');
    expect(cell('F-3', 'Bénéficiaire des soins')).toBe('Jeanne Durand');
    expect(cell('F-1', "Famille d'actes")).toBe('Pharmacie');
    expect(cell('F-1', 'Option')).toBe('Option 2');
  });

  it('narrows to one beneficiary', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/prestations', ({ request }) => {
        query = new URL(request.url).searchParams;
        return hydraCollection([benefit(1, {})]);
      }),
    );
    renderScreen(<BenefitsOf insured={5} beneficiary={11} />, {
      route: '/assures/:id?',
      at: '/assures/5',
      resource: 'insureds',
    });
    expect(await screen.findByText('F-1')).toBeInTheDocument();
    expect(query?.get('beneficiary.id')).toBe('11');
    expect(query?.get('insured')).toBe('5');
  });

  it('a failed load says the §8 message', async () => {
    server.use(http.get('*/api/prestations', () => hydraProblem(500, 'boom')));
    renderScreen(<BenefitsOf insured={5} />, {
      route: '/assures/:id?',
      at: '/assures/5',
      resource: 'insureds',
    });
    const found = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des prestations',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
  });
});
