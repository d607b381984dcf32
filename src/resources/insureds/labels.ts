// Choices of the insured screens' filters (spec partner-extranet §3 "Insured person").

/** Sex codes as the API filters them (sex=F, sex=M), with their French labels. */
export const SEXES = [
  { id: 'F', name: 'Femme' },
  { id: 'M', name: 'Homme' },
];
