// Partner access groups (spec administration §2, §3 "Access group", §7 "Access groups"): a
// named set of organisations whose data the users of the group share. Managed by whoever holds
// USERS_MANAGEMENT, each in its scope (server/src/resources/accessGroups/): the operator
// administrator every group, a partner administrator the groups of its own partner, with the
// organisations of its own partner only (docs/security.md, "Partner access groups").
import { defineClass, idProperty } from './types.ts';

/** Operator and partner administrators hold it through their profiles (spec §6). */
const MANAGE = ['USERS_MANAGEMENT'];

export const AccessGroup = defineClass({
  name: 'AccessGroup',
  resource: 'accessGroups',
  title: 'Groupe partenaire',
  plural: 'Groupes partenaires',
  description:
    'Un groupe d’organisations d’un partenaire, dont les utilisateurs du groupe partagent les données.',
  paths: { collection: '/api/access_groups' },
  table: 'access_group',
  display: 'name',
  access: { read: MANAGE, create: MANAGE, update: MANAGE, delete: MANAGE },
  audit: { change: 'access_group', values: '*' },
  messages: {
    notFound: 'Ce groupe partenaire est introuvable.',
    inUse: 'Suppression impossible : des utilisateurs appartiennent à ce groupe.',
    // Spec administration §8, word for word (the group list and detail share the users' words).
    loadError: 'Une erreur est survenue durant le chargement des utilisateurs',
    saveError: "Une erreur est survenue lors de l'enregistrement du groupe.",
  },
  // The list's count of the group's organisations.
  shown: { organizationCount: "Nombre d'organisations" },
  // Spec administration §9: other lists by ID ascending, 10 per page.
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  properties: {
    id: idProperty('access_group'),
    name: {
      type: 'string',
      label: 'Nom',
      column: 'access_group.name',
      writable: true,
      required: true,
      maxLength: 100,
      filter: 'partial',
      sort: true,
    },
    enabled: {
      type: 'boolean',
      label: 'Actif',
      column: 'access_group.enabled',
      writable: true,
      filter: 'exact',
      sort: { cursor: false },
    },
    partnerId: {
      type: 'integer',
      label: 'Partenaire',
      description:
        'Le partenaire des organisations du groupe ; seuls ses utilisateurs peuvent y être placés.',
      column: 'access_group.partner_id',
      nullable: true,
      listed: false,
      filter: 'exact',
    },
    createdBy: {
      type: 'json',
      label: 'Créé par',
      description: 'Le prénom et le nom de l’utilisateur qui a créé le groupe.',
      nullable: true,
    },
    createdAt: {
      type: 'dateTime',
      label: 'Créé le',
      column: 'access_group.created_at',
      sort: true,
      filter: 'date',
    },
    groupOrganizations: {
      type: 'integer',
      label: 'Organisations',
      relation: {
        target: 'Organization',
        many: true,
        through: {
          table: 'access_group_organization',
          owner: 'access_group_id',
          target: 'organization_id',
        },
      },
      writable: true,
      filter: { kind: 'iri', aliases: ['groupOrganizations.id'] },
    },
  },
});
