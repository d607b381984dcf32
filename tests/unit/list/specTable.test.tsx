// The list kit's tables (issue 17 #2, #3, #5, #6): rows are real links reached with the keyboard,
// a failed load says why and offers "Réessayer" (no "sur -1"), the column chooser hides and
// shows columns, and a phone gets cards with the same links.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Col, RelatedList, SpecList, SpecTable } from '../../../src/components/list/index.ts';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';
import { setViewportWidth } from '../support/viewport.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// A phone is the shared viewport fake (tests/unit/support/viewport.ts); each test starts again
// from jsdom's own window.
const jsdomMatchMedia = window.matchMedia;
const jsdomWidth = window.innerWidth;
afterEach(() => {
  server.resetHandlers();
  window.matchMedia = jsdomMatchMedia;
  window.innerWidth = jsdomWidth;
});
afterAll(() => server.close());

const LOAD_ERROR = 'Une erreur est survenue durant le chargement des compagnies';
const companies = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1,
  legalname: `Mutuelle ${i + 1}`,
  postalCode: `7500${i + 1}`,
  city: `Ville ${i + 1}`,
}));

function CompanyList() {
  return (
    <SpecList title="Compagnies" loadError={LOAD_ERROR} sort={{ field: 'legalname', order: 'ASC' }}>
      <SpecTable rowLink={(r) => `/mutuelles/${r.id}`} chooseColumns hiddenColumns={['city']}>
        <Col source="legalname" label="Nom" />
        <Col source="postalCode" label="Code postal" />
        <Col source="city" label="Ville" />
      </SpecTable>
    </SpecList>
  );
}

function open(onLocation?: (l: Location) => void) {
  return renderScreen(<CompanyList />, {
    route: '/mutuelles/liste',
    at: '/mutuelles/liste',
    resource: 'insuranceCompanies',
    onLocation,
  });
}

describe('SpecTable', () => {
  it('makes each row a real link that Tab reaches and Enter follows', async () => {
    server.use(http.get('*/api/insuranceOfCompanies', () => hydraCollection(companies, 3)));
    let location: Location | undefined;
    open((l) => {
      location = l;
    });
    const link = await screen.findByRole('link', { name: 'Mutuelle 2' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/mutuelles/2');
    expect(link.closest('tr')).not.toBeNull();
    // Only the first column is the link: the row has one stop, not one per cell.
    expect(within(link.closest('tr') as HTMLElement).getAllByRole('link')).toHaveLength(1);
    for (let i = 0; i < 60 && document.activeElement !== link; i++) await userEvent.tab();
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location?.pathname).toBe('/mutuelles/2'));
  });

  it('lets people choose their columns, some hidden by default', async () => {
    server.use(http.get('*/api/insuranceOfCompanies', () => hydraCollection(companies, 3)));
    open();
    await screen.findByRole('link', { name: 'Mutuelle 1' });
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Nom', 'Code postal']);
    expect(screen.queryByText('Ville 1')).not.toBeInTheDocument();
    // Closed, the chooser leaves nothing in the page (no second "Nom" label beside a filter).
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Colonnes' }));
    const ville = await screen.findByRole('menuitemcheckbox', { name: 'Ville' });
    expect(ville).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(ville);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(headers()).toEqual(['Nom', 'Code postal', 'Ville']));
    expect(screen.getByText('Ville 1')).toBeInTheDocument();
    // From the keyboard: the button opens the menu, Enter toggles the focused column.
    screen.getByRole('button', { name: 'Colonnes' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitemcheckbox', { name: 'Nom' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    // The first column hidden, the row link moves to the next visible one.
    await waitFor(() => expect(headers()).toEqual(['Code postal', 'Ville']));
    expect(screen.getByRole('link', { name: '75001' })).toHaveAttribute('href', '/mutuelles/1');
  });

  it('on a failed load: the French message, "Réessayer" loads again, never "sur -1"', async () => {
    // The HTTP client retries a 5xx itself: the API fails until "Réessayer" is pressed.
    let failing = true;
    server.use(
      http.get('*/api/insuranceOfCompanies', () =>
        failing ? hydraProblem(500, 'boom') : hydraCollection(companies, 3),
      ),
    );
    open();
    const message = await screen.findByText(LOAD_ERROR, {
      selector: '.SpecList-loadFailed [role="alert"]',
    });
    const alert = message.closest('.SpecList-loadFailed') as HTMLElement;
    expect(within(alert).getByText(LOAD_ERROR)).toBeInTheDocument();
    expect(screen.queryByText(/-1/)).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Mutuelle 1' })).toBeInTheDocument();
    expect(screen.getByText(/1-3 sur 3/)).toBeInTheDocument();
  });

  it('on a phone: cards with the key fields and the same links', async () => {
    setViewportWidth(375);
    server.use(http.get('*/api/insuranceOfCompanies', () => hydraCollection(companies, 3)));
    let location: Location | undefined;
    open((l) => {
      location = l;
    });
    const link = await screen.findByRole('link', { name: 'Mutuelle 3' });
    expect(link).toHaveAttribute('href', '/mutuelles/3');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = link.closest('li') as HTMLElement;
    expect(within(card).getByText('Code postal')).toBeInTheDocument();
    expect(within(card).getByText('75003')).toBeInTheDocument();
    // Hidden columns stay hidden on cards too.
    expect(within(card).queryByText('Ville 3')).not.toBeInTheDocument();
    // Like a row, a click anywhere on the card opens the detail.
    await userEvent.click(within(card).getByText('75003'));
    await waitFor(() => expect(location?.pathname).toBe('/mutuelles/3'));
  });
});

describe('RelatedList', () => {
  it('says why it failed and loads again on "Réessayer"', async () => {
    let failing = true;
    server.use(
      http.get('*/api/contrats', () =>
        failing ? hydraProblem(500, 'boom') : hydraCollection([{ id: 4, lbContrat: 'CT-4' }], 1),
      ),
    );
    renderScreen(
      <RelatedList
        reference="contracts"
        target="contractCompanies.organization"
        id={7}
        loadError="Une erreur est survenue durant le chargement des contrats"
      >
        <SpecTable rowLink={(r) => `/contrats/${r.id}`}>
          <Col source="lbContrat" label="Contrat" />
        </SpecTable>
      </RelatedList>,
      { route: '/mutuelles/:id', at: '/mutuelles/7', resource: 'insuranceCompanies' },
    );
    const message = await screen.findByText(/chargement des contrats/, {
      selector: '.SpecList-loadFailed [role="alert"]',
    });
    const alert = message.closest('.SpecList-loadFailed') as HTMLElement;
    expect(screen.queryByText(/-1/)).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'CT-4' })).toHaveAttribute(
      'href',
      '/contrats/4',
    );
  });
});
