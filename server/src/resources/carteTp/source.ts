// The cards of an insured person, within the caller's data scope: the insured person must be in
// scope (insuredScope, else 404 before anything else), and only the cards of contracts in scope
// are listed or given (viaContract), so a seller never receives a card of another seller's
// contract of the same person.
import { sql } from 'kysely';
import type { CarteTpPeriod } from '../../../../src/domain/carteTp.ts';
import { viaContract } from '../../scope/index.ts';
import type { Ctx } from '../framework/index.ts';

export interface CardData {
  period: CarteTpPeriod;
  amcNumber: string | null;
  insured: {
    id: number;
    firstname: string;
    lastname: string;
    idGender: number;
    dtBirthday: string;
    noss: string;
    nossKey: string;
    postalCode: string;
    addressLocality: string;
  };
  beneficiaries: Array<{
    firstname: string;
    lastname: string;
    dateOfBirth: string;
    lbLien: string;
  }>;
  contract: { id: number; lbContrat: string; lbProduit: string; customer: string };
  insurer: {
    legalname: string;
    streetAddress: string | null;
    postalCode: string | null;
    addressLocality: string | null;
  };
}

const cards = (ctx: Ctx, insuredId: number) =>
  ctx.db
    .selectFrom('carte_tp')
    .innerJoin('contract', 'contract.id', 'carte_tp.contract_id')
    .innerJoin('product', 'product.id', 'contract.product_id')
    .where('carte_tp.insured_id', '=', insuredId)
    .where(viaContract(ctx.scope, 'carte_tp.contract_id'));

/** The insured person's cards in scope, newest first; the first one is `current`. */
export async function periodsOf(ctx: Ctx, insuredId: number): Promise<CarteTpPeriod[]> {
  const rows = await cards(ctx, insuredId)
    .select([
      sql<string>`carte_tp.debval::text`.as('debval'),
      sql<string>`carte_tp.debfin::text`.as('debfin'),
      sql<string>`carte_tp.datenvoi::text`.as('datenvoi'),
      'carte_tp.heure',
      'contract.id as contract_id',
      'contract.lb_contrat',
      'product.lb_produit',
    ])
    .orderBy('carte_tp.debval', 'desc')
    .orderBy('carte_tp.debfin', 'desc')
    .orderBy('carte_tp.datenvoi', 'desc')
    .orderBy('carte_tp.heure', 'desc')
    .execute();
  return rows.map((r, index) => ({
    debval: r.debval,
    debfin: r.debfin,
    datenvoi: r.datenvoi,
    heure: r.heure,
    contract: { id: r.contract_id, lbContrat: r.lb_contrat, lbProduit: r.lb_produit },
    current: index === 0,
  }));
}

/** Everything printed on one card; undefined when the insured person has no such card in scope. */
export async function cardOf(
  ctx: Ctx,
  insuredId: number,
  period: Pick<CarteTpPeriod, 'debval' | 'debfin' | 'datenvoi' | 'heure'>,
): Promise<CardData | undefined> {
  const card = await cards(ctx, insuredId)
    .innerJoin('customer', 'customer.id', 'contract.customer_id')
    .innerJoin('organization as insurer', 'insurer.id', 'product.insurance_company_id')
    .select([
      sql<string>`carte_tp.debval::text`.as('debval'),
      sql<string>`carte_tp.debfin::text`.as('debfin'),
      sql<string>`carte_tp.datenvoi::text`.as('datenvoi'),
      'carte_tp.heure',
      'carte_tp.amc_number',
      'contract.id as contract_id',
      'contract.lb_contrat',
      'product.lb_produit',
      'customer.legalname as customer',
      'insurer.legalname as insurer',
      'insurer.street_address',
      'insurer.postal_code',
      'insurer.address_locality',
    ])
    .where('carte_tp.debval', '=', period.debval)
    .where('carte_tp.debfin', '=', period.debfin)
    .where('carte_tp.datenvoi', '=', period.datenvoi)
    .where('carte_tp.heure', '=', period.heure)
    .executeTakeFirst();
  if (!card) return undefined;
  const insured = await ctx.db
    .selectFrom('insured')
    .select([
      'id',
      'firstname',
      'lastname',
      'id_gender',
      sql<string>`dt_birthday::text`.as('dt_birthday'),
      'noss',
      'noss_key',
      'postal_code',
      'address_locality',
    ])
    .where('id', '=', insuredId)
    .executeTakeFirstOrThrow();
  // The beneficiaries covered on at least one day of the period.
  const beneficiaries = await ctx.db
    .selectFrom('beneficiary')
    .select([
      'firstname',
      'lastname',
      sql<string>`date_of_birth::text`.as('date_of_birth'),
      'lb_lien',
    ])
    .where('insured_id', '=', insuredId)
    .where('start_at', '<=', card.debfin)
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>=', card.debval)]))
    .orderBy('date_of_birth')
    .orderBy('id')
    .execute();
  return {
    period: {
      debval: card.debval,
      debfin: card.debfin,
      datenvoi: card.datenvoi,
      heure: card.heure,
    },
    amcNumber: card.amc_number,
    insured: {
      id: insured.id,
      firstname: insured.firstname,
      lastname: insured.lastname,
      idGender: insured.id_gender,
      dtBirthday: insured.dt_birthday,
      noss: insured.noss,
      nossKey: insured.noss_key,
      postalCode: insured.postal_code,
      addressLocality: insured.address_locality,
    },
    beneficiaries: beneficiaries.map((b) => ({
      firstname: b.firstname,
      lastname: b.lastname,
      dateOfBirth: b.date_of_birth,
      lbLien: b.lb_lien,
    })),
    contract: {
      id: card.contract_id,
      lbContrat: card.lb_contrat,
      lbProduit: card.lb_produit,
      customer: card.customer,
    },
    insurer: {
      legalname: card.insurer,
      streetAddress: card.street_address,
      postalCode: card.postal_code,
      addressLocality: card.address_locality,
    },
  };
}
