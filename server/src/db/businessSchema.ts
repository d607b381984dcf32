// Kysely table types of the business model (spec partner-extranet §3). The migration
// 004_business.ts creates exactly these. Column names are snake_case; the API renames them to
// the field names of spec §3 (camelCase, French abbreviations kept: lbContrat, dateDebVal, ...).
import type { Generated } from 'kysely';

/** Contract states (spec §3: 1 Actif, 2 Impayé, 4 À venir shown in filters; others exist). */
export interface ContractStateTable {
  id: number;
  label: string;
}
/** Contract types by id: 1 Base, 2 Portabilité, 3 Surco, 4 Surco en portabilité, 5 Loi Evin. */
export interface ContractTypeTable {
  id: number;
  label: string;
  code: string;
}
/** Categories / colleges (lbCollege). */
export interface ContractCategoryTable {
  id: number;
  lb_college: string;
}
export interface PoleTable {
  id: number;
  label: string;
}
export interface CustomerGroupTable {
  id: Generated<number>;
  label: string;
  hermes_id: string;
}

export interface ProductTable {
  id: Generated<number>;
  lb_produit: string;
  lb_type_contrat: string; // 'Collectif' | 'Individuel'
  lb_type: string; // risk P | S | R
  bl_bloque_dec: boolean;
  dt_dat_bloque: string | null; // DATE
  insurance_company_id: number; // organization type 5
  /** The wholesaler it is distributed through (migration 013). */
  supplier_id?: number | null;
}

/** Subscriber companies (souscripteurs). */
export interface CustomerTable {
  id: Generated<number>;
  legalname: string;
  siret: string;
  postal_code: string;
  address_locality: string;
  street_address: string | null;
  id_cc1: string | null; // collective agreement code (IDCC)
  customer_group_id: number | null; // hermesGroupeClientId
  secondary_group_id: number | null; // hermesGroupeClientSecondaireId
  partner_id: number; // the partner organisation whose portfolio holds it (scope)
}

export interface ContractTable {
  id: Generated<number>;
  lb_contrat: string; // contract number, e.g. 'CT-2021-000123'
  product_id: number;
  category_id: number; // lbCollege
  id_cod_col: string; // collective code; 'LOIEVAPR07' makes a base contract Loi Evin
  customer_id: number; // idSouscrip / lbSouscrip
  main_provider_id: number | null; // idApporteur (organization type 3)
  lb_apporteur: string | null; // main referrer's name as written on the contract
  date_deb_val: string; // DATE
  date_fin_val: string | null; // DATE
  state_id: number;
  contract_type_id: number;
  lb_type: string; // risk: P prévoyance, S santé, R retraite
  bl_ani: boolean;
  bl_surcomp: boolean;
  id_contrat2: string | null;
  is_actif: boolean;
  id_groupe_principal: number | null;
  partner_id: number; // denormalised from the customer, for the partner scope
  /** The sellers holding the contract (customer_portfolio), denormalised for the seller scope. */
  broker_ids: Generated<number[]>;
  nbr_suscription: number;
  nbr_subscription_inactive: number;
  nbr_insured: number; // active insured
  nbr_insured_inactive: number;
  nbr_beneficiary: number;
  nbr_beneficiary_inactive: number;
  nbr_total_affiliate: number;
  nbr_total_affiliate_inactive: number;
}

/** Contract <-> organisation (business providers type 3, insurance companies type 5). */
export interface ContractOrganizationTable {
  contract_id: number;
  organization_id: number;
}
export interface ContractOptionTable {
  id: Generated<number>;
  contract_id: number;
  choise: string;
}

/** A seller's (broker's) hold on a contract: the data scope of sellers and managers. */
export interface CustomerPortfolioTable {
  id: Generated<number>;
  contract_id: number;
  broker_id: number;
}

export interface InsuredTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  id_gender: number; // 1 Mme, 2 M. (civility)
  sex: string; // 'F' | 'M'
  dt_birthday: string; // DATE
  noss: string; // NIR, 13 digits
  noss_key: string; // 2 digits
  postal_code: string;
  address_locality: string;
  lb_sit_fam: string | null;
  customer_id: number; // employer
  partner_id: number; // scope
  /** The start of its latest subscription (migration 020), refreshed by the seed. */
  last_start_at: string | null; // DATE
}

export interface BeneficiaryTable {
  id: Generated<number>;
  insured_id: number;
  firstname: string;
  lastname: string;
  date_of_birth: string;
  sex: string;
  link: string; // 'C' conjoint, 'E' enfant
  lb_lien: string; // 'Conjoint', 'Enfant'
  start_at: string;
  end_at: string | null;
}

export interface SubscriptionTable {
  id: Generated<number>;
  insured_id: number;
  contract_id: number;
  start_at: string;
  end_at: string | null;
}

export interface PremiumTable {
  id: Generated<number>;
  contract_id: number;
  insured_id: number | null; // null: paid by the subscriber company
  status: string; // I Impayé, P Payé, S Sans suite, A Attente
  dt_deb_val: string;
  dt_fin_val: string;
  dt_lim_reg: string | null;
  dt_paiement: string | null;
  dt_echeance: string | null;
  dt_impaye: string | null;
  dt_demeure: string | null;
  dt_rappel: string | null;
  dt_bloq_presta_previ: string | null;
  dt_resi_previ: string | null;
  paid_by_client: boolean;
  num_frais_ges: number;
  num_frais_impay: number;
  num_montant: number;
  num_total_cot: number; // numMontant + numFraisImpay (stored for sorting)
  amount_paid: number;
  num_relance: number;
  lb_mode_paie: string | null; // PRELEVEMENT, VIREMENT, CHEQUE
}

export interface BenefitTable {
  id: Generated<number>;
  insured_id: number;
  beneficiary_id: number | null;
  contract_id: number;
  date_treatment: string;
  date_payment: string | null;
  date_vir: string | null;
  id_fam_act: string;
  lb_fam_act: string;
  lb_facture: string;
  secu_social_refund: number;
  real_price: number;
  mutual_refund: number;
  lb_mod_pay: string;
  lb_option: string | null;
  basket_type: string | null;
}

export interface CommissionTable {
  id: Generated<number>;
  contract_id: number;
  business_provider_id: number;
  acquisition_rate: number;
  start_at: string;
  end_at: string;
  date_payment_com: string | null;
  amound_paid: number;
  year: number;
}

/** A third-party-payer card of an insured person for one contract and period (migration 016). */
export interface CarteTpTable {
  id: Generated<number>;
  insured_id: number;
  contract_id: number;
  debval: string; // DATE
  debfin: string; // DATE
  datenvoi: string; // DATE, the day the card was sent
  heure: string; // 'HH:mm:ss', the time it was sent
  amc_number: string | null; // the insurer's AMC number printed on the card
}

export interface MenuTable {
  id: Generated<number>;
  kind: string;
  label: string;
  date_deb_val: string;
}

export interface BusinessDB {
  contract_state: ContractStateTable;
  contract_type: ContractTypeTable;
  contract_category: ContractCategoryTable;
  pole: PoleTable;
  customer_group: CustomerGroupTable;
  product: ProductTable;
  customer: CustomerTable;
  contract: ContractTable;
  contract_organization: ContractOrganizationTable;
  contract_option: ContractOptionTable;
  customer_portfolio: CustomerPortfolioTable;
  insured: InsuredTable;
  beneficiary: BeneficiaryTable;
  subscription: SubscriptionTable;
  premium: PremiumTable;
  benefit: BenefitTable;
  commission: CommissionTable;
  menu: MenuTable;
  carte_tp: CarteTpTable;
}
