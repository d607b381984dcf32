// Insured persons (employees of the subscriber companies), their beneficiaries (spouses,
// children) and their subscriptions to contracts, for the demo scale. NIR and key agree with
// sex, birth date and place of birth; civility with sex; a spouse with the family situation.
// Surco contracts cover employees of the customer's Base contract. Periods keep clear of the
// quiet window of facts.ts.
import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { BeneficiaryTable, InsuredTable, SubscriptionTable } from '../../businessSchema.ts';
import { FRENCH_CITIES } from '../cities.ts';
import { nirOf } from '../french.ts';
import type { DemoContract } from './contracts.ts';
import { addDays, dayIn, maxDate, minDate } from './dates.ts';
import { FIRST_FUTURE_DAY, LAST_PAST_DAY } from './facts.ts';
import { STATE, TYPE } from './reference.ts';

export interface InsuredRows {
  insured: Insertable<InsuredTable>[];
  beneficiaries: Insertable<BeneficiaryTable>[];
  subscriptions: Insertable<SubscriptionTable>[];
}

const SITUATIONS = [
  { value: ['Marié', 'Mariée'], weight: 40, couple: true },
  { value: ['Célibataire', 'Célibataire'], weight: 30, couple: false },
  { value: ['Pacsé', 'Pacsée'], weight: 10, couple: true },
  { value: ['Concubinage', 'Concubinage'], weight: 8, couple: true },
  { value: ['Divorcé', 'Divorcée'], weight: 9, couple: false },
  { value: ['Veuf', 'Veuve'], weight: 3, couple: false },
] as const;

const insuredCount = (faker: Faker) => {
  const band = faker.helpers.weightedArrayElement([
    { value: [0, 0], weight: 8 },
    { value: [1, 3], weight: 35 },
    { value: [4, 8], weight: 35 },
    { value: [9, 20], weight: 17 },
    { value: [21, 40], weight: 5 },
  ]);
  return faker.number.int({ min: band[0], max: band[1] });
};

type Sex = 'F' | 'M';

export function demoInsured(faker: Faker, contracts: DemoContract[]): InsuredRows {
  const out: InsuredRows = { insured: [], beneficiaries: [], subscriptions: [] };
  /** Insured ids covered by each Base contract, for the Surco contracts of the same customer. */
  const covered = new Map<number, number[]>();
  const person = (sex: Sex) => ({
    firstname: faker.person.firstName(sex === 'F' ? 'female' : 'male'),
    lastname: faker.person.lastName(),
  });

  const subscribe = (contract: DemoContract, insuredId: number, mustBeActive: boolean) => {
    const { start: from, end, state } = contract;
    // Employees join during the contract's first two years (never after the last past day).
    const latest = [
      addDays(from, 730),
      LAST_PAST_DAY,
      end ? addDays(end, -1) : LAST_PAST_DAY,
    ].reduce(minDate);
    const start = state === STATE.upcoming ? from : dayIn(faker, from, maxDate(from, latest));
    let stop = end;
    if (state === STATE.terminated) {
      if (faker.number.int(99) < 20 && end) stop = dayIn(faker, addDays(start, 1), end);
    } else if (state !== STATE.upcoming && !mustBeActive && faker.number.int(99) < 18) {
      if (addDays(start, 30) < LAST_PAST_DAY)
        stop = dayIn(faker, addDays(start, 30), LAST_PAST_DAY);
    }
    out.subscriptions.push({
      id: out.subscriptions.length + 1,
      insured_id: insuredId,
      contract_id: contract.id,
      start_at: start,
      end_at: stop,
    });
    return { start, stop };
  };

  const newInsured = (contract: DemoContract, mustBeActive: boolean) => {
    const sex: Sex = faker.number.int(1) === 0 ? 'F' : 'M';
    const { firstname, lastname } = person(sex);
    const retiree = contract.type === TYPE.loiEvin;
    const birth = retiree
      ? dayIn(faker, '1940-01-01', '1962-12-31')
      : dayIn(faker, '1958-01-01', '2004-12-31');
    const situation = faker.helpers.weightedArrayElement(
      SITUATIONS.map((s) => ({ value: s, weight: s.weight })),
    );
    const id = out.insured.length + 1;
    const [noss, key] = splitNir(
      nirOf({
        sex: sex === 'F' ? 'female' : 'male',
        birthDate: birth,
        birthPlace: faker.helpers.arrayElement(FRENCH_CITIES),
        order: faker.number.int({ min: 1, max: 999 }),
      }),
    );
    const home = faker.helpers.arrayElement(FRENCH_CITIES);
    out.insured.push({
      id,
      firstname,
      lastname,
      id_gender: sex === 'F' ? 1 : 2,
      sex,
      dt_birthday: birth,
      noss,
      noss_key: key,
      postal_code: home.postalCode,
      address_locality: home.name,
      lb_sit_fam: situation.value[sex === 'F' ? 1 : 0],
      customer_id: contract.customer.id,
      partner_id: contract.customer.partnerId,
    });
    const period = subscribe(contract, id, mustBeActive);
    family(id, sex, lastname, birth, situation.couple, period);
    return id;
  };

  const family = (
    insuredId: number,
    sex: Sex,
    lastname: string,
    birth: string,
    couple: boolean,
    period: { start: string; stop: string | null },
  ) => {
    const add = (b: Omit<Insertable<BeneficiaryTable>, 'id' | 'insured_id' | 'start_at'>) => {
      const start = maxDate(period.start, b.date_of_birth);
      if (b.end_at && b.end_at <= start) return;
      out.beneficiaries.push({
        id: out.beneficiaries.length + 1,
        insured_id: insuredId,
        start_at: start,
        ...b,
      });
    };
    if (couple && faker.number.int(99) < 75) {
      const spouseSex: Sex = faker.number.int(99) < 92 ? (sex === 'F' ? 'M' : 'F') : sex;
      const spouse = person(spouseSex);
      const separated =
        !period.stop && faker.number.int(99) < 8 && addDays(period.start, 60) < LAST_PAST_DAY;
      add({
        firstname: spouse.firstname,
        lastname: faker.number.int(99) < 70 ? lastname : spouse.lastname,
        date_of_birth: dayIn(
          faker,
          addDays(birth, -2500),
          minDate(addDays(birth, 2500), '2005-12-31'),
        ),
        sex: spouseSex,
        link: 'C',
        lb_lien: 'Conjoint',
        end_at: separated ? dayIn(faker, addDays(period.start, 60), LAST_PAST_DAY) : period.stop,
      });
    }
    const children = faker.helpers.weightedArrayElement([
      { value: 0, weight: 45 },
      { value: 1, weight: 20 },
      { value: 2, weight: 25 },
      { value: 3, weight: 10 },
    ]);
    for (let c = 0; c < children; c++) {
      const from = addDays(birth, 20 * 365);
      const to = minDate(addDays(birth, 45 * 365), '2025-12-31');
      if (from > to) break;
      const childBirth = dayIn(faker, from, to);
      const childSex: Sex = faker.number.int(1) === 0 ? 'F' : 'M';
      // Children are covered until their 26th birthday when it has passed.
      const agedOut = addDays(childBirth, 26 * 365 + 6);
      const end = agedOut <= LAST_PAST_DAY ? minDate(agedOut, period.stop ?? agedOut) : period.stop;
      if (period.stop && childBirth >= period.stop) continue;
      add({
        firstname: faker.person.firstName(childSex === 'F' ? 'female' : 'male'),
        lastname,
        date_of_birth: childBirth,
        sex: childSex,
        link: 'E',
        lb_lien: 'Enfant',
        end_at: end && end < FIRST_FUTURE_DAY && end > LAST_PAST_DAY ? null : end,
      });
    }
  };

  for (const contract of contracts) {
    let n = insuredCount(faker);
    if (contract.needsActive) n = Math.max(n, 2);
    const ids: number[] = [];
    const pool = contract.baseOf ? (covered.get(contract.baseOf.id) ?? []) : [];
    for (let i = 0; i < n; i++) {
      const mustBeActive = contract.needsActive && i === 0;
      if (i < pool.length && !mustBeActive) {
        subscribe(contract, pool[i], false);
        ids.push(pool[i]);
      } else ids.push(newInsured(contract, mustBeActive));
    }
    if (contract.type === TYPE.base) covered.set(contract.id, ids);
  }
  return out;
}

function splitNir(nir: string): [string, string] {
  return [nir.slice(0, 13), nir.slice(13)];
}
