// The identity tab of an insured's detail (spec partner-extranet §3 "Insured person").
import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { birthDate, civilityLabel, longDate, nir } from '../../domain/format.ts';
import { Insured } from '../../domain/schema/insured.ts';

export interface InsuredRecord {
  id: number;
  firstname?: string | null;
  lastname?: string | null;
  idGender?: number | null;
  gender?: string | null;
  sex?: string | null;
  lbSex?: string | null;
  dtBirthday?: string | null;
  noss?: string | null;
  nossKey?: string | null;
  postalCode?: string | null;
  addressLocality?: string | null;
  lbSitFam?: string | null;
  lbLien?: string | null;
  startAt?: string | null;
  beneficiaires?: Array<{ id: number; firstname?: string | null; lastname?: string | null }>;
}

/**
 * Label-value pairs: two columns from 768 px, stacked below. Each label is its property's in
 * the Insured declaration; the value may read other fields too (a civility from its code).
 */
export function InsuredIdentity() {
  const r = useRecordContext<InsuredRecord>();
  if (!r) return null;
  const facts: Array<[keyof typeof Insured.properties, string]> = [
    ['gender', civilityLabel(r.idGender) || (r.gender ?? '')],
    ['lastname', r.lastname ?? ''],
    ['firstname', r.firstname ?? ''],
    ['sex', r.lbSex ?? r.sex ?? ''],
    ['dtBirthday', birthDate(r.dtBirthday)],
    ['noss', nir(r.noss, r.nossKey)],
    ['lbSitFam', r.lbSitFam?.trim() || '-'],
    ['link', r.lbLien ?? ''],
    ['postalCode', r.postalCode ?? ''],
    ['addressLocality', r.addressLocality ?? ''],
    ['startAt', longDate(r.startAt)],
  ];
  const rows = facts.map(([source, value]) => [Insured.properties[source].label, value] as const);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
        py: 2,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{ pt: { xs: 1, sm: 0 } }}
          >
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
