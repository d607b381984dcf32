// The demo scale: about 400 customers, 2,000 contracts, 10,000 insured, 60,000 premiums,
// 20,000 benefits and 6,000 commissions, built in JavaScript with the seeded faker where
// people and companies need French names, and in SQL where rows derive from others.
import type { Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import type { DB } from '../../schema.ts';
import type { SeededOrganizations } from '../organizations.ts';
import type { SeededPeople } from '../users.ts';
import { insertBatches } from './batch.ts';
import { seedCarteTp } from './carteTp.ts';
import { demoContracts } from './contracts.ts';
import { demoCustomers } from './customers.ts';
import {
  refreshContractCounts,
  seedBenefits,
  seedCommissions,
  seedPremiums,
  syncSequences,
} from './derived.ts';
import { DEMO_SIZES } from './facts.ts';
import { demoInsured } from './insured.ts';
import type { SeededReference } from './reference.ts';

export async function seedDemoBusiness(
  db: Kysely<DB>,
  faker: Faker,
  seeded: { organizations: SeededOrganizations; people: SeededPeople; reference: SeededReference },
): Promise<void> {
  const { organizations, people, reference } = seeded;
  const providers = await db
    .selectFrom('organization')
    .select(['id', 'legalname'])
    .where('id', 'in', organizations.businessProviderIds)
    .orderBy('id')
    .execute();

  const customers = demoCustomers(
    faker,
    people,
    organizations.partnerIds,
    reference.customerGroupIds,
    DEMO_SIZES.customers,
  );
  await insertBatches(db, 'customer', customers.rows);

  const contracts = demoContracts(faker, {
    customers: customers.customers,
    people,
    products: reference.products,
    providers,
    partnerIds: organizations.partnerIds,
    // 1 to 9 contracts, 5 on average.
    contractsPerCustomer: () => faker.number.int({ min: 1, max: 9 }),
  });
  await insertBatches(db, 'contract', contracts.contracts);
  await insertBatches(db, 'contract_organization', contracts.organizations);
  await insertBatches(db, 'contract_option', contracts.options);
  await insertBatches(db, 'customer_portfolio', contracts.portfolios);

  const insured = demoInsured(faker, contracts.seeded);
  await insertBatches(db, 'insured', insured.insured);
  await insertBatches(db, 'beneficiary', insured.beneficiaries);
  await insertBatches(db, 'subscription', insured.subscriptions);
  await syncSequences(db, ['customer', 'contract', 'insured', 'beneficiary', 'subscription']);

  await refreshContractCounts(db);
  await seedPremiums(db, {
    collectiveFrom: '2023-09-01',
    individualFrom: '2024-04-01',
    until: '2026-12-01',
    every: 1,
  });
  await seedBenefits(db, { from: '2018-01-01', perSubscription: 5, every: 1 });
  await seedCommissions(db, { share: 70, every: 1 });
  // Third-party-payer cards of the health contracts, one per year since 2023.
  await seedCarteTp(db, { fromYear: 2023 });
}
