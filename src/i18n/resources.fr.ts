// resources.<name>.{name,fields} from the class declarations (src/domain/schema): a column, a
// filter or an input names only its source, and the label is the declaration's, everywhere.
// Filters that are no property are labelled under their parameter name ('customer.idCc1'):
// polyglot keeps a dotted key as it is, so it lives beside the 'customer' property.
import { CLASSES, fieldLabels } from '../domain/schema/index.ts';

export const resourceMessages = {
  resources: Object.fromEntries(
    CLASSES.map((c) => [
      c.resource,
      {
        name: `${c.title} |||| ${c.plural}`,
        fields: {
          ...Object.fromEntries(
            Object.entries(c.filters ?? {}).flatMap(([name, f]) =>
              f.label ? [[name, f.label]] : [],
            ),
          ),
          ...fieldLabels(c),
        },
      },
    ]),
  ),
};
