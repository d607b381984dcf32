// Supplier (spec administration §3 "Supplier": a name; §7 GET, POST /api/suppliers, DELETE
// /api/suppliers/{id}): the worked example of a plain class, served and shown from this
// declaration alone (docs/architecture.md, "Adding a resource"). PUT and PATCH come with it,
// so that a misspelt name can be corrected rather than deleted and created again.
import { defineClass, idProperty } from './types.ts';

const ADMIN = ['PROFILE_ADMIN_AGEO'];

export const Supplier = defineClass({
  name: 'Supplier',
  resource: 'suppliers',
  title: 'Fournisseur',
  plural: 'Fournisseurs',
  description: 'Un fournisseur (grossiste) dont les produits sont distribués.',
  paths: { collection: '/api/suppliers' },
  table: 'supplier',
  generic: true,
  screens: { path: '/admin/fournisseurs', area: 'admin' },
  display: 'name',
  access: { read: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
  messages: {
    notFound: 'Ce fournisseur est introuvable.',
    // Spec administration §8, word for word.
    loadError: 'Une erreur est survenue durant le chargement des suppliers',
    saveError: 'Une erreur est survenue durant la création du supplier',
  },
  // Spec administration §9: other lists by ID ascending.
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  properties: {
    id: idProperty('supplier'),
    name: {
      type: 'string',
      label: 'Nom',
      column: 'supplier.name',
      writable: true,
      required: true,
      maxLength: 150,
      filter: 'partial',
      sort: true,
    },
  },
});
