// Insured persons, spec partner-extranet §7 "Insured and benefits": the affiliates list
// (/affilies, /api/assures, also per contract with contrat.id or subscriptions.contract.id)
// and the detail (/assures/{id}, /api/assures/{id}), from their declaration
// (src/domain/schema/insured.ts). Default sort: startAt descending (§9).
import { sql } from 'kysely';
import { INSURED_ROLES, Insured } from '../../../../src/domain/schema/insured.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import { httpError } from '../../http/problem.ts';
import {
  type Api,
  type CollectionDecl,
  collection,
  custom,
  customList,
  item,
  type ResourceDeps,
} from '../framework/index.ts';
import { hydraClass, listParams } from '../framework/schema.ts';
import { insureds, subscribedTo } from './source.ts';

export { INSURED_ROLES };

const byContract = custom<number>('id', (id, ctx) => subscribedTo(ctx, id));

/** Start of a French postal code: digits (and A/B for Corsica), at most 5. */
const postalPrefix = custom<string>('string', (value) => {
  if (!/^[0-9AB]{1,5}$/i.test(value)) {
    throw httpError(400, 'Le paramètre « postalCode » doit être un début de code postal.');
  }
  return sql<boolean>`insured.postal_code LIKE ${`${value.toUpperCase()}%`}`;
});

/** F or M, one or several (the `sex` of insured persons and beneficiaries). */
export const sexes = (column: string) =>
  customList<string>('string', (values) => {
    if (values.some((v) => v !== 'F' && v !== 'M')) {
      throw httpError(400, 'Le paramètre « sex » doit valoir F ou M.');
    }
    return sql<boolean>`${sql.ref(column)} IN (${sql.join(values)})`;
  });

const nossPrefix = custom<string>('string', (value) => {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{1,15}$/.test(digits)) {
    throw httpError(400, 'Le paramètre « noss » doit être un début de numéro de sécurité sociale.');
  }
  return sql<boolean>`(insured.noss || insured.noss_key) LIKE ${`${digits}%`}`;
});

/** The affiliates list (also read by the exports: same filters, same scope). */
export const INSURED_COLLECTION: CollectionDecl = {
  ...listParams(Insured, {
    filters: {
      postalCode: postalPrefix,
      sex: sexes('insured.sex'),
      noss: nossPrefix,
      'contrat.id': byContract,
    },
  }),
  paths: [collectionPath(Insured), '/affilies'],
  source: insureds,
  // startAt is null for an insured with no subscription in scope: no cursor on it.
  keyset: true,
};

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add(hydraClass(Insured));
  collection(api, deps, INSURED_COLLECTION);
  item(api, deps, {
    paths: ['/api/assures/:id', '/assures/:id', '/api/insureds/:id'],
    resource: Insured.name,
    roles: INSURED_ROLES,
    source: insureds,
    notFound: Insured.messages?.notFound,
  });
}
