// The third-party-payer card (carte TP, spec administration §2, §3, §7, §8), shared by the
// server (server/src/resources/carteTp) and the SPA (src/providers/carteTp.ts,
// src/resources/insureds/CarteTp.tsx): the paths, the period's label, the e-mail rule, the
// messages and the tiers-payant codes printed on the card.
import dayjs from 'dayjs';

/** A card period as GET /api/assures/{id}/availables_carte_tp lists it (spec §3). */
export interface CarteTpPeriod {
  debval: string; // YYYY-MM-DD
  debfin: string; // YYYY-MM-DD
  datenvoi: string; // YYYY-MM-DD, the day the card was sent
  heure: string; // HH:mm:ss, the time it was sent
  /** The contract the card is for. */
  contract?: { id: number; lbContrat: string; lbProduit?: string };
  /** The latest card of the insured person: the one download_carte_tp gives. */
  current?: boolean;
}

/** The four calls of spec §7, at their exact paths. */
export const CARTE_TP_PATHS = {
  availables: (insuredId: number | string) => `/api/assures/${insuredId}/availables_carte_tp`,
  download: (insuredId: number | string) => `/api/assures/${insuredId}/download_carte_tp`,
  visu: (insuredId: number | string, period: CarteTpPeriod) =>
    `${periodPath(insuredId, period)}/visu`,
  email: (insuredId: number | string, period: CarteTpPeriod, email: string) =>
    `${periodPath(insuredId, period)}/email/${encodeURIComponent(email.trim())}`,
};

function periodPath(insuredId: number | string, p: CarteTpPeriod): string {
  const parts = [p.debval, p.debfin, p.datenvoi, p.heure].map(encodeURIComponent);
  return `/api/assures/${insuredId}/carte_tp/${parts.join('/')}`;
}

/** 'Du {start} au {end}' in DD/MM/YY (spec §2, §9). */
export function periodLabel(period: Pick<CarteTpPeriod, 'debval' | 'debfin'>): string {
  const day = (value: string) => dayjs(value).format('DD/MM/YY');
  return `Du ${day(period.debval)} au ${day(period.debfin)}`;
}

/**
 * A period as the card's selector offers it: its label, then its contract's number, since two
 * contracts of one person may give cards for the same year.
 */
export function periodChoice(period: CarteTpPeriod): string {
  const label = periodLabel(period);
  return period.contract ? `${label} · ${period.contract.lbContrat}` : label;
}

/** The toasts of spec §8, with the spec's own spelling. */
export const CARTE_TP_MESSAGES = {
  loadFailed: 'Une erreur est survenue durant le chargement de la carte TP',
  emailFailed: "Une erreur est survenue durant l'envois de la carte tiers payant",
  emailSent: 'La carte tiers payant a été envoyée',
} as const;

/**
 * The care domains of a third-party-payer card and what the card grants in each: 'SP' (tiers
 * payant on the compulsory and complementary shares, without prior agreement), '100%' (the
 * complementary share up to 100 % of the Sécurité sociale's rate), 'PEC' (tiers payant after an
 * agreement, prise en charge, asked by the practitioner).
 */
export const TIERS_PAYANT_DOMAINS = [
  { code: 'PHAR', label: 'Pharmacie', value: 'SP' },
  { code: 'MED', label: 'Médecins', value: '100%' },
  { code: 'RLAX', label: 'Radiologie', value: '100%' },
  { code: 'LABO', label: "Laboratoires d'analyses", value: 'SP' },
  { code: 'AUXM', label: 'Auxiliaires médicaux', value: '100%' },
  { code: 'SAGE', label: 'Sages-femmes', value: '100%' },
  { code: 'HOSP', label: 'Hospitalisation', value: 'PEC' },
  { code: 'DENT', label: 'Dentaire', value: 'PEC' },
  { code: 'OPTI', label: 'Optique', value: 'PEC' },
  { code: 'AUDI', label: 'Audioprothèses', value: 'PEC' },
  { code: 'TRAN', label: 'Transport', value: '100%' },
] as const;
