// The codes every installation needs, demo or not: the kinds of organisation and the contract
// states, types and categories the screens, filters and exports name (spec partner-extranet
// §3). The rights (realms, roles tree, profiles, user types) and the wholesalers come with the
// migrations. Everything else is business data, loaded by the installation or, on a demo, by
// the demo seed. No faker here: a production database's first start never loads it.
import type { Kysely } from 'kysely';
import { CONTRACT_STATES, CONTRACT_TYPES } from '../../../../src/domain/contract.ts';
import type { DB } from '../schema.ts';

export const ORGANIZATION_TYPES = [
  { id: 1, label: 'Opérateur' },
  { id: 2, label: 'Partenaire' },
  { id: 3, label: 'Apporteur' },
  { id: 4, label: 'Entreprise' },
  { id: 5, label: "Compagnie d'assurance" },
] as const;

/** Categories (lbCollege) and the prefix of their collective codes (idCodCol). */
export const CATEGORIES = [
  { id: 1, lb_college: 'Cadres', code: 'CAD' },
  { id: 2, lb_college: 'Non-cadres', code: 'NCA' },
  { id: 3, lb_college: 'Ensemble du personnel', code: 'ENS' },
  { id: 4, lb_college: 'ETAM', code: 'ETA' },
  { id: 5, lb_college: 'Ouvriers', code: 'OUV' },
] as const;

/** Idempotent: a code already there (loaded by the installation) is kept as it is. */
export async function seedCodes(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('organization_type')
    .values([...ORGANIZATION_TYPES])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('contract_state')
    .values([...CONTRACT_STATES])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('contract_type')
    .values([...CONTRACT_TYPES])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('contract_category')
    .values(CATEGORIES.map(({ id, lb_college }) => ({ id, lb_college })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
