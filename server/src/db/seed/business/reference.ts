// Reference data of the demo's business model (spec partner-extranet §3) beyond the codes that
// every installation gets (../codes.ts: contract states, types and categories): poles, customer
// groups, products and the dropdown menus. The same at both scales.
import type { Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import type { DB } from '../../schema.ts';
import { day } from '../random.ts';

export { LOI_EVIN_CODE } from '../../../../../src/domain/contract.ts';

/** Contract state ids (src/domain/contract.ts holds the labels). */
export const STATE = { active: 1, unpaid: 2, terminated: 3, upcoming: 4, suspended: 5 } as const;

/** Contract type ids (src/domain/contract.ts holds labels and codes). */
export const TYPE = { base: 1, portability: 2, surco: 3, surcoPortability: 4, loiEvin: 5 } as const;

/** The flags a contract of each type carries (the spec's rule read backwards). */
export const TYPE_FLAGS: Record<number, { blAni: boolean; blSurcomp: boolean }> = {
  1: { blAni: false, blSurcomp: false },
  2: { blAni: true, blSurcomp: false },
  3: { blAni: false, blSurcomp: true },
  4: { blAni: true, blSurcomp: true },
  5: { blAni: false, blSurcomp: false },
};

export { CATEGORIES } from '../codes.ts';

export const POLES = [
  'Pôle Entreprises',
  'Pôle Grands comptes',
  'Pôle Indépendants et TNS',
  'Pôle Particuliers',
  'Pôle Santé collective',
  'Pôle Prévoyance',
] as const;

export const CUSTOMER_GROUPS = [
  'Groupe Bâtiment Ouest',
  'Groupe Distribution Centre',
  'Groupe Hôtellerie Méditerranée',
  'Groupe Industries du Rhône',
  'Groupe Services Île-de-France',
  'Groupe Transports Atlantique',
  'Groupe Santé Privée',
  'Groupe Numérique et Conseil',
  'Groupe Artisans du Nord',
  'Groupe Agroalimentaire Bretagne',
  'Groupe Automobile Est',
  'Groupe Économie Sociale',
] as const;

/** Risk (lbType): P prévoyance, S santé, R retraite (spec §3). */
export type Risk = 'P' | 'S' | 'R';

const PRODUCT_NAMES: Record<Risk, readonly string[]> = {
  S: [
    'Santé Collective Essentiel',
    'Santé Collective Confort',
    'Santé Collective Premium',
    'Santé Entreprise Socle',
    'Santé Entreprise Renfort',
    'Surcomplémentaire Santé Option 1',
    'Surcomplémentaire Santé Option 2',
    'Santé Loi Evin Retraités',
    'Santé Portabilité ANI',
    'Santé TNS Équilibre',
    'Santé Cadres Excellence',
    'Santé BTP Ouvriers',
    'Santé Hôtellerie-Restauration',
    'Santé Syntec Référence',
    'Santé Commerce Alimentaire',
    'Santé Services de l’Automobile',
    'Santé Aide à Domicile',
    'Santé Optique Dentaire Plus',
  ],
  P: [
    'Prévoyance Cadres Article 7',
    'Prévoyance Non-cadres Sérénité',
    'Prévoyance Incapacité Invalidité',
    'Prévoyance Décès Rente Éducation',
    'Prévoyance Rente de Conjoint',
    'Prévoyance Garantie Obsèques',
    'Prévoyance Maintien de Salaire',
    'Prévoyance BTP',
    'Prévoyance Syntec',
    'Prévoyance Hôtels Cafés Restaurants',
    'Prévoyance Métallurgie',
    'Prévoyance Transports Routiers',
    'Prévoyance Dépendance',
    'Prévoyance Portabilité',
    'Prévoyance Ensemble du Personnel',
    'Prévoyance Homme Clé',
  ],
  R: [
    'Retraite Supplémentaire PERO',
    'Retraite Article 83',
    'Retraite Article 39',
    'Épargne Retraite Collective PERECO',
    'Indemnités de Fin de Carrière',
    'Retraite Cadres Plus',
  ],
};

export interface SeededProduct {
  id: number;
  risk: Risk;
  insuranceCompanyId: number;
  /** Blocked for new contracts from this day on (null: open). */
  blockedFrom: string | null;
}

export interface SeededReference {
  products: SeededProduct[];
  customerGroupIds: number[];
}

export const MENUS = {
  contracts: [
    ['Conditions générales Santé collective', '2019-01-01'],
    ['Conditions générales Prévoyance collective', '2019-01-01'],
    ['Notice Portabilité ANI', '2020-06-01'],
    ['Notice Loi Evin', '2021-01-01'],
    ['Grille des garanties 2024', '2024-01-01'],
    ['Grille des garanties 2025', '2025-01-01'],
    ['Grille des garanties 2026', '2026-01-01'],
    ['Formulaire de résiliation', '2022-03-01'],
  ],
  ccn: [
    ['CCN Syntec (IDCC 1486)', '2016-01-01'],
    ['CCN Bâtiment ouvriers (IDCC 1597)', '2017-01-01'],
    ['CCN Hôtels, cafés, restaurants (IDCC 1979)', '2018-07-01'],
    ['CCN Commerce de détail alimentaire (IDCC 2216)', '2019-01-01'],
    ['CCN Métallurgie (IDCC 3248)', '2024-01-01'],
    ['CCN Services de l’automobile (IDCC 1090)', '2020-01-01'],
    ['CCN Aide à domicile (IDCC 2941)', '2021-10-01'],
    ['CCN Transports routiers (IDCC 0016)', '2022-01-01'],
  ],
} as const;

export async function seedReference(
  db: Kysely<DB>,
  faker: Faker,
  insuranceCompanyIds: number[],
): Promise<SeededReference> {
  await db
    .insertInto('pole')
    .values(POLES.map((label, i) => ({ id: i + 1, label })))
    .execute();

  const groups = await db
    .insertInto('customer_group')
    .values(
      CUSTOMER_GROUPS.map((label, i) => ({
        label,
        hermes_id: `GC${String(1041 + i * 37).padStart(6, '0')}`,
      })),
    )
    .returning('id')
    .execute();

  // Each product goes through one of the wholesalers (migration 011), in turn.
  const suppliers = await db.selectFrom('supplier').select('id').orderBy('id').execute();
  // About one product in seven is blocked for new declarations, most from a known date.
  const rows = (Object.keys(PRODUCT_NAMES) as Risk[]).flatMap((risk) =>
    PRODUCT_NAMES[risk].map((name, i) => {
      const blocked = i % 7 === 3;
      return {
        lb_produit: name,
        lb_type_contrat: /Loi Evin|Portabilité|TNS|Homme Clé/.test(name)
          ? 'Individuel'
          : 'Collectif',
        lb_type: risk,
        bl_bloque_dec: blocked,
        dt_dat_bloque: blocked ? day(faker, '2019-01-01', '2025-12-31') : null,
        insurance_company_id: faker.helpers.arrayElement(insuranceCompanyIds),
      };
    }),
  );
  const supplied = rows.map((row, i) => ({
    ...row,
    supplier_id: suppliers.length ? suppliers[i % suppliers.length].id : null,
  }));
  const products = await db.insertInto('product').values(supplied).returning('id').execute();

  await db
    .insertInto('menu')
    .values(
      (Object.keys(MENUS) as Array<keyof typeof MENUS>).flatMap((kind) =>
        MENUS[kind].map(([label, date]) => ({ kind, label, date_deb_val: date })),
      ),
    )
    .execute();

  return {
    products: products.map((p, i) => ({
      id: p.id,
      risk: rows[i].lb_type,
      insuranceCompanyId: rows[i].insurance_company_id,
      blockedFrom: rows[i].dt_dat_bloque,
    })),
    customerGroupIds: groups.map((g) => g.id),
  };
}
