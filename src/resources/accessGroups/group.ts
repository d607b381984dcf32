// A partner access group as the API sends it (src/domain/schema/accessGroup.ts), and what its
// screens derive from it.
import type { Identifier } from 'ra-core';
import { idOfIri } from '../../domain/apiValues.ts';

export interface Group {
  id: Identifier;
  name: string;
  enabled: boolean;
  createdBy: { firstname: string; lastname: string } | null;
  createdAt: string;
  /** IRIs (/api/organizations/12), or ids once in a form. */
  groupOrganizations: Array<string | number>;
}

/** An organisation of the group, as /api/access_groups/{id}/with_organizations embeds it. */
export interface GroupOrganization {
  '@id': string;
  id: number;
  legalname: string;
  siret: string | null;
  postalCode: string | null;
  addressLocality: string | null;
}

export interface GroupWithOrganizations extends Omit<Group, 'groupOrganizations'> {
  groupOrganizations: GroupOrganization[];
}

/** 'Paul Lefèvre'; '—' when the creator is unknown (an account since deleted). */
export const creatorName = (group: Pick<Group, 'createdBy'> | undefined): string =>
  group?.createdBy ? `${group.createdBy.firstname} ${group.createdBy.lastname}` : '—';

/** The id at the end of an IRI; an id as it is. */
export const idOf = (value: string | number): number => Number(idOfIri(value));
