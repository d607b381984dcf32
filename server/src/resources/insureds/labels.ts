// French labels of the insured person's coded fields (spec partner-extranet §3): civility
// (idGender 1 'Mme', 2 'M.', the civility list of §3 "Other"), sex, and the link to the main
// insured ('A' is the main insured in the per-contract lines; beneficiaries carry C or E).

const CIVILITY: Readonly<Record<number, { short: string; long: string }>> = {
  1: { short: 'Mme', long: 'Madame' },
  2: { short: 'M.', long: 'Monsieur' },
};

const SEX: Readonly<Record<string, string>> = { F: 'Femme', M: 'Homme' };

/** The main insured's link code and label (spec §3, per-contract lines: idLink 'A'). */
export const MAIN_INSURED_LINK = { link: 'A', lbLien: 'Assuré' } as const;

/** gender / lbGender / idGender / sex / lbSex of a person row. */
export function genderFields(idGender: number, sex: string) {
  const civility = CIVILITY[idGender];
  return {
    gender: civility?.short ?? null,
    lbGender: civility?.long ?? null,
    idGender,
    sex,
    lbSex: SEX[sex] ?? sex,
  };
}

export const sexLabel = (sex: string): string => SEX[sex] ?? sex;

/** The situation de famille, '-' when unknown (spec §3 "lbSitFam (default '-')"). */
export const sitFam = (value: string | null | undefined): string => value?.trim() || '-';
