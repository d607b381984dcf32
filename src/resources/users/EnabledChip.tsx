// Whether an account may sign in, as a chip: « Actif » in colour, « Inactif » plain, the words
// of User.enabled's choices (the list's filter offers the same two).
import { Chip } from '@mui/material';
import { User } from '../../domain/schema/user.ts';

export function EnabledChip({ enabled }: { enabled: boolean | undefined }) {
  const label = User.properties.enabled.choices?.[String(Boolean(enabled))];
  return <Chip size="small" color={enabled ? 'success' : 'default'} label={label} />;
}
