// Premium (cotisation) rules of spec partner-extranet §3, shared by the API server (which sends
// the derived fields typeCotisation, remaining and destinataire) and the SPA (which shows them).
// Pure: no I/O, no React.

/** Payment statuses in the order the spec lists them (§3 "Payment status list"). */
export const PREMIUM_STATUSES = [
  { id: 'I', label: 'Impayé' },
  { id: 'P', label: 'Payé' },
  { id: 'S', label: 'Sans suite' },
  { id: 'A', label: 'Attente' },
] as const;

export type PremiumStatus = (typeof PREMIUM_STATUSES)[number]['id'];

export const PREMIUM_STATUS_CODES: readonly PremiumStatus[] = PREMIUM_STATUSES.map((s) => s.id);

export function isPremiumStatus(value: unknown): value is PremiumStatus {
  return typeof value === 'string' && (PREMIUM_STATUS_CODES as readonly string[]).includes(value);
}

/** The French label of a status code; an unknown code is shown as it is. */
export function premiumStatusLabel(status: string): string {
  return PREMIUM_STATUSES.find((s) => s.id === status)?.label ?? status;
}

/** Status 'I' is an unpaid premium. */
export function isUnpaid(status: string): boolean {
  return status === 'I';
}

export type TypeCotisation = 'Collective' | 'Individuelle';

/** paidByClient (the subscriber company pays) is 'Collective', otherwise 'Individuelle'. */
export function typeCotisation(paidByClient: boolean): TypeCotisation {
  return paidByClient ? 'Collective' : 'Individuelle';
}

/** An unpaid premium is shown with no payment mode (§3). */
export function displayedPaymentMode(status: string, lbModePaie: string | null): string | null {
  return isUnpaid(status) ? null : (lbModePaie ?? null);
}

// Amounts carry two decimals: work in whole cents so that 0.1 + 0.2 stays 0.3.
const cents = (amount: number | string | null | undefined) => Math.round(Number(amount ?? 0) * 100);
const euros = (value: number) => value / 100;

export interface PremiumAmounts {
  /** The premium itself (numMontant). */
  numMontant: number | string;
  /** Unpaid fees (numFraisImpay). */
  numFraisImpay: number | string | null;
  amountPaid?: number | string | null;
}

/** Total = premium plus unpaid fees. */
export function premiumTotal(p: PremiumAmounts): number {
  return euros(cents(p.numMontant) + cents(p.numFraisImpay));
}

/** Remaining = total minus amountPaid. */
export function premiumRemaining(p: PremiumAmounts): number {
  return euros(cents(p.numMontant) + cents(p.numFraisImpay) - cents(p.amountPaid));
}

export interface PersonName {
  firstname?: string | null;
  lastname?: string | null;
}

/** "Firstname Lastname", trimmed; empty when neither is known. */
export function fullName(person: PersonName | null | undefined): string {
  return [person?.firstname, person?.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The recipient (destinataire): the insured's full name, or the contract's subscriber when the
 * premium has no insured (a premium the subscriber company pays).
 */
export function premiumRecipient(
  insured: PersonName | null | undefined,
  subscriber: string | null | undefined,
): string {
  return fullName(insured) || (subscriber ?? '');
}
