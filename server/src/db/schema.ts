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
  /** The profile in a realm whose roles the user holds besides its own (migration 012). */
  profile_realm_id: number | null;
  seller_code: string | null;
  id_sso: string | null;
  last_logged: Date | null;
  created_at: Generated<Date>;
  /** Migration 014: the user's pole, regroupement key, directory flag and access group. */
  pole_id: number | null;
  regroupement_key: string | null;
  has_ldap: Generated<boolean>;
  access_group_id: number | null;
}

/** A partner access group (migration 014): organisations whose data its users share. */
export interface AccessGroupTable {
  id: Generated<number>;
  name: string;
  enabled: Generated<boolean>;
  partner_id: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface AccessGroupOrganizationTable {
  access_group_id: number;
  organization_id: number;
}

/** A one-time link to choose a password (migration 014); only the token's SHA-256 is kept. */
export interface UserTokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'invitation' | 'reset';
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_by: number | null;
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

/** Rights as data (migration 012). */
export interface RealmTable {
  id: Generated<number>;
  name: string;
  description: string | null;
}
export interface RoleThemeTable {
  id: Generated<number>;
  name: string;
  description: string | null;
}
export interface UserTypeTable {
  id: Generated<number>;
  name: string;
  role: string;
}
export interface RoleTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  is_folder: Generated<boolean>;
  has_warning: Generated<boolean>;
  delete_warning: Generated<boolean>;
  warning_msg: string | null;
  list_order: Generated<number>;
  is_restricted: Generated<boolean>;
  parent_id: number | null;
  theme_id: number | null;
}
export interface ProfileTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  is_restricted: Generated<boolean>;
}
export interface ProfileRealmTable {
  id: Generated<number>;
  profile_id: number;
  realm_id: number;
}
export interface ProfileRoleTable {
  profile_id: number;
  role_id: number;
}
export interface RoleRealmTable {
  role_id: number;
  realm_id: number;
}
export interface RightsChangeTable {
  id: Generated<number>;
  changed_at: Generated<Date>;
  actor_id: number | null;
  actor: string;
  class: string;
  target_id: number | null;
  action: string;
  before: unknown;
  after: unknown;
}

/** One sign-in through the embedded provider (migration 013). */
export interface SignInTable {
  id: Generated<number>;
  user_id: number;
  signed_in_at: Generated<Date>;
}

/** Wholesalers (migration 011). */
export interface SupplierTable {
  id: Generated<number>;
  name: string;
}

/** A bulk user import (migration 015): one uploaded file. */
export interface UserImportLogTable {
  id: Generated<number>;
  importer_id: number | null;
  partner_id: number | null;
  file_name: string;
  comment: string | null;
  send_mail_immediately: boolean;
  process_status: Generated<'started' | 'success' | 'warning' | 'failed'>;
  started_at: Generated<Date>;
  ended_at: Date | null;
  heartbeat_at: Generated<Date>;
  error_message: string | null;
  hub_topic: string | null;
  row_count: Generated<number>;
  processed_count: Generated<number>;
  success_count: Generated<number>;
  warning_count: Generated<number>;
  failed_count: Generated<number>;
}

/** One line of an imported file and its outcome (migration 015). */
export interface UserImportHistoryTable {
  id: Generated<number>;
  import_log_id: number;
  line: number;
  organization_id: number | null;
  user_id: number | null;
  lastname: string | null;
  firstname: string | null;
  email: string | null;
  username: string | null;
  regroupement_key: string | null;
  process_status: 'success' | 'warning' | 'failed';
  error_message: string | null;
  email_sent: Generated<boolean>;
  email_sent_at: Date | null;
  created_at: Generated<Date>;
}

export interface DB extends BusinessDB {
  sign_in: SignInTable;
  supplier: SupplierTable;
  realm: RealmTable;
  role_theme: RoleThemeTable;
  user_type: UserTypeTable;
  role: RoleTable;
  profile: ProfileTable;
  profile_realm: ProfileRealmTable;
  profile_role: ProfileRoleTable;
  role_realm: RoleRealmTable;
  rights_change: RightsChangeTable;
  organization: OrganizationTable;
  organization_type: OrganizationTypeTable;
  app_user: AppUserTable;
  access_group: AccessGroupTable;
  access_group_organization: AccessGroupOrganizationTable;
  user_token: UserTokenTable;
  user_import_log: UserImportLogTable;
  user_import_history: UserImportHistoryTable;
  oidc_payload: OidcPayloadTable;
  oidc_secret: OidcSecretTable;
}
