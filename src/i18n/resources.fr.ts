// resources.<name>.{name,fields} from the class declarations (src/domain/schema): a column, a
// filter or an input names only its source, and the label is the declaration's, everywhere.
// Embedded fields, filters and orders that are no property are labelled under their parameter name ('customer.idCc1'):
// polyglot keeps a dotted key as it is, so it lives beside the 'customer' property.
// The toasts of a save or a deletion and the deletion's question name the class in its own
// words (./words.ts), where react-admin says « Élément créé » and « Supprimer droit 12 ».
import { allLabels, CLASSES } from '../domain/schema/index.ts';
import { classWords } from '../domain/schema/words.ts';

function messagesOf(c: (typeof CLASSES)[number]) {
  const words = classWords(c);
  return {
    name: `${c.title} |||| ${c.plural}`,
    fields: allLabels(c),
    notifications: { created: words.created, updated: words.updated, deleted: words.deleted },
    message: { delete_title: words.deleteTitle },
  };
}

export const resourceMessages = {
  resources: Object.fromEntries(CLASSES.map((c) => [c.resource, messagesOf(c)])),
};
