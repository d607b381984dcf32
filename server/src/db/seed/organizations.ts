// Organisations (their kinds come with the codes, codes.ts): the operator, the partner organisations the demo accounts belong to, the
// business providers (apporteurs, type 3) and the insurance companies (type 5).
import type { Faker } from '@faker-js/faker';
import type { Insertable, Kysely } from 'kysely';
import type { DB, OrganizationTable } from '../schema.ts';
import { orias, siret } from './french.ts';
import { city, day, slug, streetAddress } from './random.ts';

export { ORGANIZATION_TYPES } from './codes.ts';

export const ORGANIZATION_TYPE = {
  operator: 1,
  partner: 2,
  businessProvider: 3,
  company: 4,
  insuranceCompany: 5,
} as const;

/** Partner #1 is the demo accounts' own organisation. */
export const PARTNERS = [
  { legalname: 'Horizon Courtage', domain: 'horizon-courtage.fr' },
  { legalname: 'Atlantique Prévoyance Conseil', domain: 'atlantique-prevoyance.fr' },
  { legalname: 'Alpes Santé Partenaires', domain: 'alpes-sante-partenaires.fr' },
] as const;

const INSURERS: ReadonlyArray<readonly [name: string, legalForm: string]> = [
  ['Mutuelle Générale des Métiers', 'Mutuelle'],
  ['Prévoyance Atlantique Mutuelle', 'Mutuelle'],
  ['Union Mutualiste du Centre', 'Union de mutuelles'],
  ['Compagnie Française de Prévoyance', 'SA'],
  ['Mutuelle Alpes Santé', 'Mutuelle'],
  ['Assurances du Littoral', 'SA'],
  ['Caisse Interprofessionnelle de Prévoyance', 'Institution de prévoyance'],
  ['Mutuelle des Travailleurs du Rhône', 'Mutuelle'],
];

export interface SeededOrganizations {
  operatorId: number;
  partnerIds: number[];
  businessProviderIds: number[];
  insuranceCompanyIds: number[];
}

function located(faker: Faker, typeId: number, legalname: string, extra = {}) {
  const where = city(faker);
  return {
    type_id: typeId,
    legalname,
    siret: siret(faker),
    street_address: streetAddress(faker),
    postal_code: where.postalCode,
    address_locality: where.name,
    address_country: 'FRANCE',
    founding_date: day(faker, '1975-01-01', '2019-12-31'),
    ...extra,
  } satisfies Insertable<OrganizationTable>;
}

async function insertAll(db: Kysely<DB>, rows: Insertable<OrganizationTable>[]) {
  const inserted = await db.insertInto('organization').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

export async function seedOrganizations(
  db: Kysely<DB>,
  faker: Faker,
): Promise<SeededOrganizations> {
  const [operatorId] = await insertAll(db, [
    located(faker, ORGANIZATION_TYPE.operator, 'AGEO', {
      email: 'contact@ageo.fr',
      legal_form: 'SAS',
      naf: '6622Z',
      ape: '6622Z',
      orias: orias(faker),
    }),
  ]);

  const partnerIds = await insertAll(
    db,
    PARTNERS.map((p) =>
      located(faker, ORGANIZATION_TYPE.partner, p.legalname, {
        email: `contact@${p.domain}`,
        legal_form: faker.helpers.arrayElement(['SAS', 'SARL', 'SA']),
        naf: '6622Z',
        ape: '6622Z',
        orias: orias(faker),
        parent_id: operatorId,
      }),
    ),
  );

  const providers = Array.from({ length: 20 }, () => {
    const name = `${faker.person.lastName()} ${faker.helpers.arrayElement(['Courtage', 'Assurances', 'Conseil', 'Patrimoine', 'Prévoyance'])}`;
    return located(faker, ORGANIZATION_TYPE.businessProvider, name, {
      email: `contact@${slug(name)}.fr`,
      legal_form: faker.helpers.arrayElement(['SARL', 'SAS', 'SASU', 'EURL']),
      naf: '6622Z',
      ape: '6622Z',
      orias: orias(faker),
    });
  });
  const businessProviderIds = await insertAll(db, providers);

  const insuranceCompanyIds = await insertAll(
    db,
    INSURERS.map(([name, legalForm]) =>
      located(faker, ORGANIZATION_TYPE.insuranceCompany, name, {
        email: `contact@${slug(name)}.fr`,
        legal_form: legalForm,
        naf: '6512Z',
        ape: '6512Z',
      }),
    ),
  );

  return { operatorId, partnerIds, businessProviderIds, insuranceCompanyIds };
}
