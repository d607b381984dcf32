// The four brand themes (spec partner-extranet §1); BRAND selects one at start.
export const BRANDS = ['ageo', 'azur', 'emeraude', 'grenat'] as const;
export type Brand = (typeof BRANDS)[number];

/** Colours shared by the SPA themes and the embedded sign-in page. */
export const BRAND_COLOURS: Record<Brand, { primary: string; secondary: string; name: string }> = {
  ageo: { primary: '#1f3a68', secondary: '#e5007d', name: 'AGEO' },
  azur: { primary: '#0067b1', secondary: '#f39200', name: 'Azur Prévoyance' },
  emeraude: { primary: '#00704a', secondary: '#c9a227', name: 'Émeraude Santé' },
  grenat: { primary: '#7b1e3a', secondary: '#3c8dbc', name: 'Grenat Mutuelle' },
};
