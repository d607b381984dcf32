// Contracts as the API publishes them (spec §3): the scoped FROM (the contract table alone, so
// counts stay index-only), the display joins (product, category, customer, state, type), the
// to-many relations as JSON columns of the same statement, and the derived fields of
// src/domain/contract.ts.

import type { SelectQueryBuilder } from 'kysely';
import {
  contractProviders,
  derivedContractType,
  derivedRisk,
  ORGANIZATION_TYPES,
} from '../../../../src/domain/contract.ts';
import type { DB } from '../../db/schema.ts';
import { contractScope } from '../../scope/index.ts';
import { defineSource, iri } from '../framework/index.ts';
import { optionsOf, organizationsOf, portfoliosOf, relationColumns } from './relations.ts';

export const CONTRACTS_IRI = '/api/contracts';

/** The contract's labels a list shows: product, category (collège), customer and state. */
export const contractLabelJoins = (qb: SelectQueryBuilder<DB, 'contract', object>) =>
  qb
    .innerJoin('product', 'product.id', 'contract.product_id')
    .innerJoin('contract_category', 'contract_category.id', 'contract.category_id')
    .innerJoin('customer', 'customer.id', 'contract.customer_id')
    .innerJoin('contract_state', 'contract_state.id', 'contract.state_id');

export const contracts = defineSource({
  from: (ctx) => ctx.db.selectFrom('contract').where(contractScope(ctx.scope)),
  id: 'contract.id',
  select: (qb) =>
    contractLabelJoins(qb)
      .innerJoin('contract_type', 'contract_type.id', 'contract.contract_type_id')
      .select([
        'contract.id',
        'contract.lb_contrat',
        'contract.product_id',
        'product.lb_produit',
        'contract.category_id',
        'contract_category.lb_college',
        'contract.id_cod_col',
        'contract.customer_id',
        'customer.legalname as customer_legalname',
        'customer.siret as customer_siret',
        'customer.id_cc1 as customer_id_cc1',
        'contract.main_provider_id',
        'contract.lb_apporteur',
        'contract.date_deb_val',
        'contract.date_fin_val',
        'contract.state_id',
        'contract_state.label as state_label',
        'contract.contract_type_id',
        'contract_type.label as contract_type_label',
        'contract.lb_type',
        'contract.bl_ani',
        'contract.bl_surcomp',
        'contract.id_contrat2',
        'contract.is_actif',
        'contract.id_groupe_principal',
        'contract.nbr_suscription',
        'contract.nbr_subscription_inactive',
        'contract.nbr_insured',
        'contract.nbr_insured_inactive',
        'contract.nbr_beneficiary',
        'contract.nbr_beneficiary_inactive',
        'contract.nbr_total_affiliate',
        'contract.nbr_total_affiliate_inactive',
      ])
      .select(relationColumns()),
  members(rows) {
    return rows.map((r) => {
      const organizations = organizationsOf(r.organizations_json);
      const customerPortfolios = portfoliosOf(r.portfolios_json);
      const flags = {
        blAni: r.bl_ani,
        blSurcomp: r.bl_surcomp,
        idContrat2: r.id_contrat2,
        idCodCol: r.id_cod_col,
      };
      return {
        '@id': iri(CONTRACTS_IRI, r.id),
        '@type': 'Contract',
        id: r.id,
        lbContrat: r.lb_contrat,
        idProduit: r.product_id,
        lbProduit: r.lb_produit,
        product: {
          '@id': iri('/api/products', r.product_id),
          id: r.product_id,
          lbProduit: r.lb_produit,
        },
        idCollege: r.category_id,
        lbCollege: r.lb_college,
        idCodCol: r.id_cod_col,
        idSouscrip: r.customer_id,
        lbSouscrip: r.customer_legalname,
        customer: {
          '@id': iri('/api/customers', r.customer_id),
          '@type': 'Customer',
          id: r.customer_id,
          subscriber: r.customer_legalname,
          legalname: r.customer_legalname,
          siret: r.customer_siret,
          idCc1: r.customer_id_cc1,
        },
        idApporteur: r.main_provider_id,
        lbApporteur: r.lb_apporteur,
        dateDebVal: r.date_deb_val,
        dateFinVal: r.date_fin_val,
        state: {
          '@id': iri('/api/contratStates', r.state_id),
          id: r.state_id,
          label: r.state_label,
        },
        contractType: {
          '@id': iri('/api/contratTypes', r.contract_type_id),
          id: r.contract_type_id,
          label: r.contract_type_label,
        },
        lbType: r.lb_type,
        blAni: r.bl_ani,
        blSurcomp: r.bl_surcomp,
        idContrat2: r.id_contrat2,
        isActif: r.is_actif,
        idGroupePrincipal: r.id_groupe_principal,
        options: optionsOf(r.options_json),
        customerPortfolios,
        organizations: organizations.map((organization) => ({ organization })),
        nbrSuscription: r.nbr_suscription,
        nbrSubscriptionInactive: r.nbr_subscription_inactive,
        nbrInsured: r.nbr_insured,
        nbrInsuredInactive: r.nbr_insured_inactive,
        nbrBeneficiary: r.nbr_beneficiary,
        nbrBeneficiaryInactive: r.nbr_beneficiary_inactive,
        nbrTotalAffiliate: r.nbr_total_affiliate,
        nbrTotalAffiliateInactive: r.nbr_total_affiliate_inactive,
        // Derived (spec §3), by the rules the SPA shares.
        ...derivedContractType(flags),
        ...derivedRisk(r.lb_type),
        // Spec §3: type 3, by legalname, the main referrer flagged (main), and one added
        // (added, id null) when no linked provider bears the lbApporteur name.
        businessProviders: contractProviders(organizations, r.lb_apporteur),
        insuranceCompanies: organizations.filter(
          (o) => o.type.id === ORGANIZATION_TYPES.insuranceCompany,
        ),
        sellers: customerPortfolios.map((p) => p.broker).filter((b) => b.sellerCode !== null),
      };
    });
  },
});
