// The list every premium list shares (spec partner-extranet §7 "Premiums", §5), from the
// declaration (src/domain/schema/premium.ts): sorts, filters and date bounds, with the SQL of
// the filters no column says. Deep pages past the counted rows follow a keyset cursor
// (framework/paging.ts) unless the sort is a nullable date or the collective flag.
import { sql } from 'kysely';
import { isPremiumStatus } from '../../../../src/domain/premium.ts';
import { Premium } from '../../../../src/domain/schema/premium.ts';
import { httpError } from '../../http/problem.ts';
import { type CollectionDecl, custom, customList, exact } from '../framework/index.ts';
import { listParams } from '../framework/schema.ts';
import { premiums } from './source.ts';

const statuses = customList<string>('string', (values) => {
  if (!values.every(isPremiumStatus)) {
    throw httpError(400, 'Le paramètre « status » doit valoir I, P, S ou A.');
  }
  return sql<boolean>`premium.status IN (${sql.join(values)})`;
});

const kind = custom<string>('string', (value) => {
  if (value !== 'Collective' && value !== 'Individuelle') {
    throw httpError(400, 'Le paramètre « typeCotisation » doit valoir Collective ou Individuelle.');
  }
  return sql<boolean>`premium.paid_by_client = ${value === 'Collective'}`;
});

export const PREMIUM_COLLECTION: Omit<CollectionDecl, 'paths'> = {
  ...listParams(Premium, {
    filters: {
      status: statuses,
      typeCotisation: kind,
      lbModePaie: exact('premium.lb_mode_paie'),
    },
  }),
  source: premiums,
  keyset: true,
};
