// The audit trail as the API serves it (issue 18 #11; docs/security.md, "Audit trail"): read
// only, by operator administrators only; never written through the API (POST, PUT, PATCH and
// DELETE answer 405, and the table refuses UPDATE and DELETE: migration 019). The events are
// recorded by the server itself (server/src/audit/record.ts) for the classes whose declaration
// has an `audit`.
import { AUDIT_ACTIONS } from '../audit.ts';
import { AccessGroup } from './accessGroup.ts';
import { Benefit } from './benefit.ts';
import { Contract } from './contract.ts';
import { Beneficiary, ContractInsured, Insured } from './insured.ts';
import { Premium } from './premium.ts';
import { Profile, Realm, Role, RoleTheme, UserType } from './rights.ts';
import { Broker, Supervisor } from './seller.ts';
import { defineClass, idProperty } from './types.ts';
import { User } from './user.ts';

/**
 * The classes an event may name (the journal's « Élément »), by their own titles: those whose
 * declaration has an `audit`, and those exported (contracts, premiums).
 */
export const AUDIT_TARGETS = Object.fromEntries(
  [
    Insured,
    ContractInsured,
    Beneficiary,
    Benefit,
    Contract,
    Premium,
    Profile,
    Role,
    Realm,
    RoleTheme,
    UserType,
    User,
    Broker,
    Supervisor,
    AccessGroup,
  ].map((c) => [c.name, c.title]),
);

export const AuditEvent = defineClass({
  name: 'AuditEvent',
  resource: 'audit_events',
  title: "Événement d'audit",
  plural: "Journal d'audit",
  description:
    'Qui a consulté ou exporté les données de quel assuré, qui a changé quels droits : quand, depuis quelle requête. Jamais les données elles-mêmes.',
  paths: { collection: '/api/audit_events' },
  table: 'audit_event',
  screens: {
    path: '/admin/journal',
    area: 'admin',
    menu: { parent: 'admin', label: "Journal d'audit" },
  },
  display: 'action',
  access: { read: ['PROFILE_ADMIN_AGEO'] },
  messages: {
    notFound: 'Cet événement est introuvable.',
    loadError: "Une erreur est survenue durant le chargement du journal d'audit",
  },
  // Newest first.
  defaultOrder: [{ field: 'occurredAt', direction: 'desc' }],
  properties: {
    id: idProperty('audit_event'),
    occurredAt: {
      type: 'dateTime',
      label: 'Date',
      column: 'audit_event.occurred_at',
      sort: true,
      filter: 'date',
    },
    actor: {
      type: 'string',
      label: 'Compte',
      description: "L'identifiant de connexion de l'auteur, copié : il reste après sa suppression.",
      column: 'audit_event.actor',
      filter: 'partial',
      sort: true,
    },
    actorId: {
      type: 'integer',
      label: "Numéro de l'auteur",
      column: 'audit_event.actor_id',
      nullable: true,
      filter: 'exact',
    },
    action: {
      type: 'string',
      label: 'Action',
      column: 'audit_event.action',
      filter: 'exact',
      sort: { cursor: false },
      choices: AUDIT_ACTIONS,
    },
    targetType: {
      type: 'string',
      label: 'Élément',
      column: 'audit_event.target_type',
      filter: 'exact',
      choices: AUDIT_TARGETS,
    },
    targetId: {
      type: 'integer',
      label: "Numéro de l'élément",
      column: 'audit_event.target_id',
      nullable: true,
      filter: 'exact',
    },
    targetIds: {
      type: 'json',
      label: 'Éléments affichés',
      description: "Les numéros des lignes qu'une page de liste a montrées.",
      column: 'audit_event.target_ids',
      nullable: true,
    },
    detail: {
      type: 'json',
      label: 'Détail',
      description:
        'Le total et les filtres d’une liste (la valeur d’un filtre texte n’est pas gardée), ce qu’une modification a ajouté ou retiré.',
      column: 'audit_event.detail',
    },
    requestId: {
      type: 'string',
      label: 'Requête',
      column: 'audit_event.request_id',
      nullable: true,
    },
    clientIp: {
      type: 'string',
      label: 'Adresse IP',
      column: 'audit_event.client_ip',
      nullable: true,
    },
  },
  filters: {
    target: {
      kind: 'exact',
      type: 'integer',
      label: 'Élément concerné',
      // Any event naming it: as its target, or among the rows a list page showed.
    },
  },
});
