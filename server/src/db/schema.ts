// Kysely table types. Keep in step with migrations/.
import type { Generated } from 'kysely';
import type { BusinessDB } from './businessSchema.ts';

export interface OrganizationTable {
  id: Generated<number>;
  type_id: number;
  legalname: string;
  email: string | null;
  siret: string | null;
  orias: string | null;
  naf: string | null;
  ape: string | null;
  legal_form: string | null;
  founding_date: string | null;
  street_address: string | null;
  street_address2: string | null;
  post_office_box_number: string | null;
  postal_code: string | null;
  address_locality: string | null;
  address_country: string;
  parent_id: number | null;
}

export interface OrganizationTypeTable {
  id: number;
  label: string;
}

export interface AppUserTable {
  id: Generated<number>;
  username: string;
  realm: string;
  password_hash: string | null;
  email: string | null;
  civility: number | null;
  firstname: string;
  lastname: string;
  job_function: string | null;
  enabled: Generated<boolean>;
  /** Roles as given, before expansion, as a comma list (spec §6). */
  roles: string;
  /** Profile type 1..4 (spec §6). */
  user_type: number;
  organization_id: number | null;
  /** The partner organisation the user belongs to (data scope of partner admins). */
  partner_id: number | null;
  managed_by: number | null;
  seller_code: string | null;
  id_sso: string | null;
  last_logged: Date | null;
  created_at: Generated<Date>;
}

/** oidc-provider state (migration 002): one row per model instance. */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: unknown;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

/** Secrets generated on first start: signing key set, cookie keys (migration 002). */
export interface OidcSecretTable {
  name: string;
  value: unknown;
  created_at: Generated<Date>;
}

export interface DB extends BusinessDB {
  organization: OrganizationTable;
  organization_type: OrganizationTypeTable;
  app_user: AppUserTable;
  oidc_payload: OidcPayloadTable;
  oidc_secret: OidcSecretTable;
}
