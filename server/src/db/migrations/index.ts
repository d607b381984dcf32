// Every migration, in order. Both PGlite and PostgreSQL run this same list.
import type { Migration } from 'kysely';
import * as m001 from './001_organizations_and_users.ts';
import * as m002 from './002_oidc.ts';
import * as m003 from './003_user_lookups.ts';
import * as m004 from './004_business.ts';
import * as m005 from './005_contract_list_indexes.ts';
import * as m006 from './006_contract_option_index.ts';
import * as m007 from './007_default_sort_indexes.ts';
import * as m008 from './008_contract_default_brokers.ts';
import * as m009 from './009_hub.ts';
import * as m010 from './010_exports.ts';
import * as m011 from './011_suppliers.ts';
import * as m012 from './012_rights.ts';
import * as m013 from './013_dashboards.ts';
import * as m014 from './014_users.ts';
import * as m015 from './015_user_imports.ts';
import * as m016 from './016_carte_tp.ts';
import * as m017 from './017_search.ts';
import * as m018 from './018_job_owner.ts';
import * as m019 from './019_audit.ts';
import * as m020 from './020_insured_last_start.ts';
import * as m021 from './021_subscription_contract_start.ts';
import * as m022 from './022_contract_number_index.ts';
import * as m023 from './023_contract_default_end_index.ts';
import * as m024 from './024_insured_lastname_index.ts';
import * as m025 from './025_operator_profile_restricted.ts';
import * as m026 from './026_access_group_name_per_partner.ts';
import * as m027 from './027_empty_dates_last.ts';
import * as m028 from './028_french_name_order.ts';
import * as m029 from './029_user_type_role_unique.ts';
import * as m030 from './030_installation_rights_by_iri.ts';

export const migrations: Record<string, Migration> = {
  '001_organizations_and_users': m001,
  '002_oidc': m002,
  '003_user_lookups': m003,
  '004_business': m004,
  '005_contract_list_indexes': m005,
  '006_contract_option_index': m006,
  '007_default_sort_indexes': m007,
  '008_contract_default_brokers': m008,
  '009_hub': m009,
  '010_exports': m010,
  '011_suppliers': m011,
  '012_rights': m012,
  '013_dashboards': m013,
  '014_users': m014,
  '015_user_imports': m015,
  '016_carte_tp': m016,
  '017_search': m017,
  '018_job_owner': m018,
  '019_audit': m019,
  '020_insured_last_start': m020,
  '021_subscription_contract_start': m021,
  '022_contract_number_index': m022,
  '023_contract_default_end_index': m023,
  '024_insured_lastname_index': m024,
  '025_operator_profile_restricted': m025,
  '026_access_group_name_per_partner': m026,
  '027_empty_dates_last': m027,
  '028_french_name_order': m028,
  '029_user_type_role_unique': m029,
  '030_installation_rights_by_iri': m030,
};
