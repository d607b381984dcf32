// Contracts of the demo scale with their business providers and insurance company
// (contract_organization), options and holders (customer_portfolio). States agree with dates
// (facts.ts), the type with its flags (spec §3), the risk with the product, and the product
// was not blocked when the contract started. Counts and broker_ids are filled afterwards from
// the rows themselves (derived.ts).
import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type {
  ContractOptionTable,
  ContractOrganizationTable,
  ContractTable,
  CustomerPortfolioTable,
} from '../../businessSchema.ts';
import type { SeededPeople, SeededSeller } from '../users.ts';
import type { DemoCustomer } from './customers.ts';
import { monthEnd, monthOf, monthStart } from './dates.ts';
import {
  CATEGORIES,
  LOI_EVIN_CODE,
  type Risk,
  type SeededProduct,
  STATE,
  TYPE,
  TYPE_FLAGS,
} from './reference.ts';

export interface DemoContract {
  id: number;
  customer: DemoCustomer;
  state: number;
  type: number;
  start: string;
  end: string | null;
  /** The customer's earlier Base contract (Surco contracts cover the same employees). */
  baseOf: DemoContract | null;
  /** Must have an active insured (the demo seller's showcase contracts). */
  needsActive: boolean;
}

export interface ContractRows {
  contracts: Insertable<ContractTable>[];
  organizations: Insertable<ContractOrganizationTable>[];
  options: Insertable<ContractOptionTable>[];
  portfolios: Insertable<CustomerPortfolioTable>[];
  seeded: DemoContract[];
}

const w = <T>(pairs: ReadonlyArray<readonly [T, number]>) =>
  pairs.map(([value, weight]) => ({ value, weight }));

const STATE_WEIGHTS = w([
  [STATE.active, 58],
  [STATE.unpaid, 9],
  [STATE.terminated, 20],
  [STATE.upcoming, 7],
  [STATE.suspended, 6],
]);
const TYPE_WEIGHTS = w([
  [TYPE.base, 35],
  [TYPE.portability, 12],
  [TYPE.surco, 25],
  [TYPE.surcoPortability, 8],
  [TYPE.loiEvin, 20],
]);
const RISKS_BY_TYPE: Record<number, ReturnType<typeof w<Risk>>> = {
  [TYPE.base]: w<Risk>([
    ['S', 50],
    ['P', 38],
    ['R', 12],
  ]),
  [TYPE.portability]: w<Risk>([
    ['S', 60],
    ['P', 40],
  ]),
  [TYPE.surco]: w<Risk>([['S', 1]]),
  [TYPE.surcoPortability]: w<Risk>([['S', 1]]),
  [TYPE.loiEvin]: w<Risk>([
    ['S', 70],
    ['P', 30],
  ]),
};
const CATEGORY_WEIGHTS = w(CATEGORIES.map((c, i) => [c, [25, 25, 30, 10, 10][i]] as const));
const OPTIONS = [
  'Option 1',
  'Option 2',
  'Option 3',
  'Renfort hospitalisation',
  'Renfort optique',
  'Renfort dentaire',
  'Médecines douces',
  'Assistance',
];

/** The demo seller's first contracts: every state, and types 1 and 3 in the default states. */
const SHOWCASE: ReadonlyArray<readonly [state: number, type: number]> = [
  [STATE.active, TYPE.base],
  [STATE.active, TYPE.surco],
  [STATE.unpaid, TYPE.base],
  [STATE.unpaid, TYPE.surco],
  [STATE.upcoming, TYPE.base],
  [STATE.upcoming, TYPE.surco],
  [STATE.terminated, TYPE.base],
  [STATE.suspended, TYPE.base],
  [STATE.active, TYPE.loiEvin],
  [STATE.active, TYPE.portability],
  [STATE.active, TYPE.surcoPortability],
];

function periodOf(faker: Faker, state: number): { start: string; end: string | null } {
  const month = (from: number, to: number) => faker.number.int({ min: from, max: to });
  // Many group contracts start on January 1st.
  const startMonth = (from: number, to: number) => {
    const m = month(from, to);
    return faker.number.int(99) < 40 ? m - (m % 12) : m;
  };
  if (state === STATE.upcoming)
    return { start: monthStart(month(monthOf(2027, 1), monthOf(2027, 12))), end: null };
  if (state === STATE.terminated) {
    const start = startMonth(monthOf(2015, 1), monthOf(2024, 6));
    const end = month(start + 6, Math.min(start + 96, monthOf(2026, 6)));
    return { start: monthStart(Math.max(start, monthOf(2015, 1))), end: monthEnd(end) };
  }
  const start = Math.max(startMonth(monthOf(2015, 1), monthOf(2026, 5)), monthOf(2015, 1));
  const end =
    faker.number.int(99) < 25 ? monthEnd(month(monthOf(2027, 1), monthOf(2027, 12))) : null;
  return { start: monthStart(start), end };
}

export function demoContracts(
  faker: Faker,
  input: {
    customers: DemoCustomer[];
    people: SeededPeople;
    products: SeededProduct[];
    providers: Array<{ id: number; legalname: string }>;
    partnerIds: number[];
    contractsPerCustomer: () => number;
  },
): ContractRows {
  const { customers, people, products, providers, partnerIds } = input;
  const out: ContractRows = {
    contracts: [],
    organizations: [],
    options: [],
    portfolios: [],
    seeded: [],
  };
  const demoTeam = new Set(
    people.sellers.filter((s) => s.managerId === people.demo.manager).map((s) => s.id),
  );
  const outsiders = (partner: number) =>
    people.sellers.filter((s) => s.partner !== partner && !demoTeam.has(s.id));
  const colleagues = (seller: SeededSeller) =>
    people.sellers.filter((s) => s.partner === seller.partner && s.id !== seller.id);
  let showcase = 0;

  for (const customer of customers) {
    let base: DemoContract | null = null;
    const count = input.contractsPerCustomer();
    for (let k = 0; k < count; k++) {
      const id = out.seeded.length + 1;
      const primary =
        faker.number.int(99) < 90
          ? customer.seller
          : faker.helpers.arrayElement(colleagues(customer.seller));
      const forced = primary.id === people.demo.vendeur ? SHOWCASE[showcase++] : undefined;
      const type =
        forced?.[1] ?? (k === 0 ? TYPE.base : faker.helpers.weightedArrayElement(TYPE_WEIGHTS));
      const state = forced?.[0] ?? faker.helpers.weightedArrayElement(STATE_WEIGHTS);
      const { start, end } = periodOf(faker, state);
      const risk = faker.helpers.weightedArrayElement(RISKS_BY_TYPE[type]);
      const product = faker.helpers.arrayElement(
        products.filter(
          (p) => p.risk === risk && (p.blockedFrom === null || p.blockedFrom > start),
        ),
      );
      const category = faker.helpers.weightedArrayElement(CATEGORY_WEIGHTS);
      const year = start.slice(0, 4);
      const lbContrat = `CT-${year}-${String(id).padStart(6, '0')}`;
      const withBase = type === TYPE.base || type === TYPE.loiEvin ? null : base;

      const count3 = faker.helpers.weightedArrayElement(
        w([
          [1, 65],
          [2, 25],
          [3, 10],
        ] as const),
      );
      const linked = faker.helpers.arrayElements(providers, count3);
      const unmatched = faker.number.int(99) < 3;
      const lbApporteur = unmatched
        ? `Cabinet ${faker.person.lastName()} et Associés`
        : linked[0].legalname;

      out.contracts.push({
        id,
        lb_contrat: lbContrat,
        product_id: product.id,
        category_id: category.id,
        id_cod_col:
          type === TYPE.loiEvin
            ? LOI_EVIN_CODE
            : `${category.code}${year.slice(2)}${'ABCD'[k % 4]}`,
        customer_id: customer.id,
        main_provider_id: unmatched ? null : linked[0].id,
        lb_apporteur: lbApporteur,
        date_deb_val: start,
        date_fin_val: end,
        state_id: state,
        contract_type_id: type,
        lb_type: risk,
        bl_ani: TYPE_FLAGS[type].blAni,
        bl_surcomp: TYPE_FLAGS[type].blSurcomp,
        id_contrat2: withBase ? (out.contracts[withBase.id - 1].lb_contrat as string) : null,
        is_actif: state === STATE.active || state === STATE.unpaid,
        id_groupe_principal: customer.groupId,
        partner_id: partnerIds[customer.partner],
        nbr_suscription: 0,
        nbr_subscription_inactive: 0,
        nbr_insured: 0,
        nbr_insured_inactive: 0,
        nbr_beneficiary: 0,
        nbr_beneficiary_inactive: 0,
        nbr_total_affiliate: 0,
        nbr_total_affiliate_inactive: 0,
      });
      for (const provider of linked)
        out.organizations.push({ contract_id: id, organization_id: provider.id });
      out.organizations.push({ contract_id: id, organization_id: product.insuranceCompanyId });
      for (const choise of faker.helpers.arrayElements(OPTIONS, { min: 0, max: 2 }))
        out.options.push({ contract_id: id, choise });

      const holders = new Set([primary.id]);
      if (faker.number.int(99) < 15)
        holders.add(faker.helpers.arrayElement(colleagues(primary)).id);
      if (faker.number.int(99) < 3)
        holders.add(faker.helpers.arrayElement(outsiders(customer.partner)).id);
      else if (demoTeam.has(primary.id) && faker.number.int(99) < 4)
        holders.add(people.demo.manager);
      for (const broker of holders) out.portfolios.push({ contract_id: id, broker_id: broker });

      const seeded: DemoContract = {
        id,
        customer,
        state,
        type,
        start,
        end,
        baseOf: withBase,
        needsActive: forced !== undefined && state !== STATE.terminated,
      };
      out.seeded.push(seeded);
      if (type === TYPE.base && base === null) base = seeded;
    }
  }
  return out;
}
