// Insured persons, spec partner-extranet §7 "Insured and benefits": the affiliates list
// (/affilies, /api/assures, also per contract with contrat.id or subscriptions.contract.id)
// and the detail (/assures/{id}, /api/assures/{id}). Default sort: startAt descending (§9).
import { sql } from 'kysely';
import { httpError } from '../../http/problem.ts';
import {
  type Api,
  type CollectionDecl,
  collection,
  custom,
  customList,
  exact,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { INSURED_PROPERTIES } from './properties.ts';
import { insureds, subscribedTo } from './source.ts';

/** Menu « Assurés » and the broker area (spec §2, §6): PROFILE_SELLER and every profile above. */
export const INSURED_ROLES = ['PROFILE_SELLER'] as const;

const byContract = custom<number>('id', (id, ctx) => subscribedTo(ctx, id));

/** Start of a French postal code: digits (and A/B for Corsica), at most 5. */
const postalPrefix = custom<string>('string', (value) => {
  if (!/^[0-9AB]{1,5}$/i.test(value)) {
    throw httpError(400, 'Le paramètre « postalCode » doit être un début de code postal.');
  }
  return sql<boolean>`insured.postal_code LIKE ${`${value.toUpperCase()}%`}`;
});

const sexes = customList<string>('string', (values) => {
  const bad = values.find((v) => v !== 'F' && v !== 'M');
  if (bad !== undefined) throw httpError(400, 'Le paramètre « sex » doit valoir F ou M.');
  return sql<boolean>`insured.sex IN (${sql.join(values)})`;
});

const nossPrefix = custom<string>('string', (value) => {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{1,15}$/.test(digits)) {
    throw httpError(400, 'Le paramètre « noss » doit être un début de numéro de sécurité sociale.');
  }
  return sql<boolean>`(insured.noss || insured.noss_key) LIKE ${`${digits}%`}`;
});

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Insured',
    title: 'Assuré',
    collection: { path: '/api/assures', key: 'assures' },
    properties: INSURED_PROPERTIES,
  });
  collection(api, deps, INSURED_COLLECTION);
  item(api, deps, {
    paths: ['/api/assures/:id', '/assures/:id', '/api/insureds/:id'],
    resource: 'Insured',
    roles: INSURED_ROLES,
    source: insureds,
    notFound: 'Cet assuré est introuvable.',
  });
}

/** The affiliates list (also read by the exports of issue 5: same filters, same scope). */
export const INSURED_COLLECTION: CollectionDecl = {
  paths: ['/api/assures', '/affilies'],
  resource: 'Insured',
  roles: INSURED_ROLES,
  source: insureds,
  order: {
    id: 'insured.id',
    firstname: 'insured.firstname',
    lastname: 'insured.lastname',
    dtBirthday: 'insured.dt_birthday',
    postalCode: 'insured.postal_code',
    addressLocality: 'insured.address_locality',
    sex: 'insured.sex',
    startAt: 'last_sub.start_at',
    start: 'last_sub.start_at', // spec §7: start maps to startAt
  },
  defaultOrder: [{ field: 'startAt', direction: 'desc' }],
  // startAt is null for an insured with no subscription in scope: no cursor on it.
  keyset: true,
  nullableOrder: ['startAt', 'start'],
  filters: {
    id: exact('insured.id', 'id'),
    'assure.id': exact('insured.id', 'id'),
    firstname: partial('insured.firstname'),
    lastname: partial('insured.lastname'),
    'assure.firstname': partial('insured.firstname'),
    'assure.lastname': partial('insured.lastname'),
    postalCode: postalPrefix,
    addressLocality: partial('insured.address_locality'),
    sex: sexes,
    idGender: exact('insured.id_gender', 'integer'),
    noss: nossPrefix,
    'customer.id': exact('insured.customer_id', 'id'),
    'contrat.id': byContract,
    'contract.id': byContract,
    'subscriptions.contract.id': byContract,
  },
  dates: { dtBirthday: 'insured.dt_birthday' },
};
