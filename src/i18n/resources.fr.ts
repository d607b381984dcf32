// resources.<name>.{name,fields} from the class declarations (src/domain/schema): a column, a
// filter or an input names only its source, and the label is the declaration's, everywhere.
// Embedded fields, filters and orders that are no property are labelled under their parameter name ('customer.idCc1'):
// polyglot keeps a dotted key as it is, so it lives beside the 'customer' property.
import { allLabels, CLASSES } from '../domain/schema/index.ts';

export const resourceMessages = {
  resources: Object.fromEntries(
    CLASSES.map((c) => [c.resource, { name: `${c.title} |||| ${c.plural}`, fields: allLabels(c) }]),
  ),
};
