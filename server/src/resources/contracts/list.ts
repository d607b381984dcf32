// The contract list declaration of spec §7 (filters, sort aliases, date bounds), shared by
// every path that lists contracts and by the statistics block.
import type { CollectionDecl } from '../framework/index.ts';
import { CONTRACT_PARAMS } from './query.ts';
import { contracts } from './source.ts';

/** The list of spec §7 with its filters; `paths` and the default order of spec §9 vary. */
export const contractList = (
  paths: string[],
  defaultOrder: CollectionDecl['defaultOrder'],
  where?: CollectionDecl['where'],
): CollectionDecl => ({
  paths,
  ...CONTRACT_PARAMS,
  source: contracts,
  defaultOrder,
  keyset: true,
  where,
});
