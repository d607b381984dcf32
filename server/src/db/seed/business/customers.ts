// Subscriber companies (souscripteurs) of the demo scale: French legal names, valid SIRET,
// postcode and city that match, a collective agreement (IDCC), customer groups, and the partner
// organisation whose portfolio holds them. Each customer has a seller who holds most of its
// contracts.
import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { CustomerTable } from '../../businessSchema.ts';
import { siret } from '../french.ts';
import { city, streetAddress } from '../random.ts';
import type { SeededPeople, SeededSeller } from '../users.ts';

/** Real collective agreements (IDCC) of the trades the customers work in. */
export const IDCC_CODES = [
  '1486', // Syntec
  '1597', // Bâtiment ouvriers
  '1979', // Hôtels, cafés, restaurants
  '2216', // Commerce de détail alimentaire
  '3248', // Métallurgie
  '1090', // Services de l'automobile
  '2941', // Aide à domicile
  '0016', // Transports routiers
  '2264', // Hospitalisation privée
  '0573', // Commerces de gros
  '1516', // Organismes de formation
  '0843', // Boulangerie-pâtisserie artisanales
  '2120', // Banque
  '0787', // Cabinets d'experts-comptables
  '1351', // Prévention et sécurité
] as const;

const LEGAL_FORMS = ['SAS', 'SARL', 'SA', 'SASU', 'EURL', 'SCOP'] as const;

/** Share of customers per partner: partner #1 (the demo accounts') holds the most. */
const PARTNER_WEIGHTS = [45, 35, 20];

export interface DemoCustomer {
  id: number;
  partner: number;
  partnerId: number;
  /** Its customer group (hermesGroupeClientId), copied to its contracts' idGroupePrincipal. */
  groupId: number | null;
  /** The seller holding most of its contracts. */
  seller: SeededSeller;
}

/**
 * The demo seller holds fewer customers than its colleagues, for a portfolio of about eighty
 * contracts (DEMO_SELLER_CONTRACTS).
 */
function sellerWeight(seller: SeededSeller, people: SeededPeople): number {
  return seller.id === people.demo.vendeur ? 0.5 : 1;
}

export function demoCustomers(
  faker: Faker,
  people: SeededPeople,
  partnerIds: number[],
  groupIds: number[],
  count: number,
): { rows: Insertable<CustomerTable>[]; customers: DemoCustomer[] } {
  const rows: Insertable<CustomerTable>[] = [];
  const customers: DemoCustomer[] = [];
  for (let i = 0; i < count; i++) {
    const partner = faker.helpers.weightedArrayElement(
      PARTNER_WEIGHTS.map((weight, value) => ({ weight, value })),
    );
    const seller = faker.helpers.weightedArrayElement(
      people.sellers
        .filter((s) => s.partner === partner)
        .map((s) => ({ weight: sellerWeight(s, people), value: s })),
    );
    const where = city(faker);
    const hasGroup = faker.number.int(99) < 70;
    const group = faker.helpers.arrayElement(groupIds);
    rows.push({
      id: i + 1,
      legalname: `${faker.company.name()} ${faker.helpers.arrayElement(LEGAL_FORMS)}`,
      siret: siret(faker),
      postal_code: where.postalCode,
      address_locality: where.name,
      street_address: streetAddress(faker),
      id_cc1: faker.helpers.arrayElement(IDCC_CODES),
      customer_group_id: hasGroup ? group : null,
      secondary_group_id:
        hasGroup && faker.number.int(99) < 20
          ? faker.helpers.arrayElement(groupIds.filter((g) => g !== group))
          : null,
      partner_id: partnerIds[partner],
    });
    customers.push({
      id: i + 1,
      partner,
      partnerId: partnerIds[partner],
      groupId: hasGroup ? group : null,
      seller,
    });
  }
  return { rows, customers };
}
