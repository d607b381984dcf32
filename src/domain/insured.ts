// Insured persons and their beneficiaries (spec partner-extranet §3 "Insured person", §4 period
// state), shared by the screens. Pure: no React, no I/O.
import { type DayInput, PERIOD_STATES, type PeriodState, periodState } from './period.ts';
import { fullName, type PersonName } from './premium.ts';

/** One option of the beneficiary selector. */
export interface BeneficiaryOption {
  value: string;
  text: string;
}

/** The beneficiary selector's value for the insured's own care (`?ayantDroit=assure`). */
export const OWN_CARE = 'assure';

/**
 * The beneficiary selector (spec §3): value = id, text = firstname plus lastname, one option
 * per id (the first occurrence wins), in the order given.
 */
export function beneficiaryOptions(
  beneficiaries: ReadonlyArray<PersonName & { id: number | string }> | null | undefined,
): BeneficiaryOption[] {
  const seen = new Set<string>();
  const options: BeneficiaryOption[] = [];
  for (const beneficiary of beneficiaries ?? []) {
    const value = String(beneficiary.id);
    if (seen.has(value)) continue;
    seen.add(value);
    options.push({ value, text: fullName(beneficiary) });
  }
  return options;
}

/** French labels of the period states of §4 (contract or beneficiary). */
export const PERIOD_STATE_LABELS: Readonly<Record<PeriodState, string>> = {
  [PERIOD_STATES.current]: 'En cours',
  [PERIOD_STATES.ended]: 'Terminé',
  [PERIOD_STATES.notStarted]: 'À venir',
  [PERIOD_STATES.endsLater]: 'En cours, fin prévue',
};

/** The period state of a beneficiary or subscription, its code and its French label. */
export function periodOf(
  start: DayInput,
  end: DayInput,
  today: DayInput = new Date(),
): { code: PeriodState; label: string } {
  const code = periodState(start, end, today);
  return { code, label: PERIOD_STATE_LABELS[code] };
}

export interface NameFilter {
  firstname?: string | null;
  lastname?: string | null;
}

/**
 * Spec §5: the insured's first and last name filters are sent as assure.firstname and
 * assure.lastname, unless paidByClient is set (premium lists): then insured.firstname and
 * insured.lastname. Blank names are dropped.
 */
export function insuredNameFilters(
  names: NameFilter,
  paidByClient?: boolean | null,
): Record<string, string> {
  const prefix = paidByClient === undefined || paidByClient === null ? 'assure' : 'insured';
  const query: Record<string, string> = {};
  for (const key of ['firstname', 'lastname'] as const) {
    const value = names[key]?.trim();
    if (value) query[`${prefix}.${key}`] = value;
  }
  return query;
}
