// The beneficiary selector of spec partner-extranet §3 (options from src/domain/insured.ts):
// choosing one narrows the insured's benefits to the care of that beneficiary; the insured
// (OWN_CARE) to the care they had themselves.
import { MenuItem, TextField } from '@mui/material';
import { beneficiaryOptions, OWN_CARE } from '../../domain/insured.ts';
import { fullName, type PersonName } from '../../domain/premium.ts';
import { Benefit } from '../../domain/schema/benefit.ts';
import { filterLabel } from '../../domain/schema/types.ts';

export interface BeneficiarySelectorProps {
  /** The insured, offered first: the care they had themselves. */
  insured: PersonName;
  beneficiaries: ReadonlyArray<PersonName & { id: number | string }> | undefined;
  value: string;
  onChange: (value: string) => void;
}

export function BeneficiarySelector({
  insured,
  beneficiaries,
  value,
  onChange,
}: BeneficiarySelectorProps) {
  const options = [
    { value: OWN_CARE, text: `${fullName(insured)} (assuré)` },
    ...beneficiaryOptions(beneficiaries),
  ];
  return (
    <TextField
      select
      size="small"
      label={filterLabel(Benefit, 'beneficiary.id')}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { xs: '100%', sm: 280 }, my: 1 }}
    >
      <MenuItem value="">Tous les bénéficiaires</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.text}
        </MenuItem>
      ))}
    </TextField>
  );
}
