import { type Kysely, sql } from 'kysely';

// The business model of spec partner-extranet §3: contracts and everything around them.
// Column names are snake_case; the API renames them to the spec's field names.
export async function up(db: Kysely<unknown>): Promise<void> {
  const lookup = (name: string, label = 'label') =>
    db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn(label, 'text', (c) => c.notNull());
  await lookup('contract_state').execute();
  await lookup('contract_type')
    .addColumn('code', 'text', (c) => c.notNull())
    .execute();
  await lookup('contract_category', 'lb_college').execute();
  await lookup('pole').execute();

  await db.schema
    .createTable('customer_group')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('hermes_id', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lb_produit', 'text', (c) => c.notNull())
    .addColumn('lb_type_contrat', 'text', (c) => c.notNull())
    .addColumn('lb_type', 'char(1)', (c) => c.notNull())
    .addColumn('bl_bloque_dec', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dt_dat_bloque', 'date')
    .addColumn('insurance_company_id', 'integer', (c) => c.notNull().references('organization.id'))
    .execute();

  await db.schema
    .createTable('customer')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('legalname', 'text', (c) => c.notNull())
    .addColumn('siret', 'char(14)', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('address_locality', 'text', (c) => c.notNull())
    .addColumn('street_address', 'text')
    .addColumn('id_cc1', 'text')
    .addColumn('customer_group_id', 'integer', (c) => c.references('customer_group.id'))
    .addColumn('secondary_group_id', 'integer', (c) => c.references('customer_group.id'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('organization.id'))
    .execute();

  await db.schema
    .createTable('contract')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lb_contrat', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('contract_category.id'))
    .addColumn('id_cod_col', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('main_provider_id', 'integer', (c) => c.references('organization.id'))
    .addColumn('lb_apporteur', 'text')
    .addColumn('date_deb_val', 'date', (c) => c.notNull())
    .addColumn('date_fin_val', 'date')
    .addColumn('state_id', 'integer', (c) => c.notNull().references('contract_state.id'))
    .addColumn('contract_type_id', 'integer', (c) => c.notNull().references('contract_type.id'))
    .addColumn('lb_type', 'char(1)', (c) => c.notNull())
    .addColumn('bl_ani', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bl_surcomp', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('id_contrat2', 'text')
    .addColumn('is_actif', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('id_groupe_principal', 'integer')
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('organization.id'))
    // The sellers holding the contract (customer_portfolio), denormalised for the data scope.
    .addColumn('broker_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('nbr_suscription', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nbr_subscription_inactive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nbr_insured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nbr_insured_inactive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nbr_beneficiary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nbr_beneficiary_inactive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nbr_total_affiliate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nbr_total_affiliate_inactive', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('contract_organization')
    .addColumn('contract_id', 'integer', (c) =>
      c.notNull().references('contract.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organization.id'))
    .addPrimaryKeyConstraint('contract_organization_pk', ['contract_id', 'organization_id'])
    .execute();

  await db.schema
    .createTable('contract_option')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contract_id', 'integer', (c) =>
      c.notNull().references('contract.id').onDelete('cascade'),
    )
    .addColumn('choise', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customer_portfolio')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contract_id', 'integer', (c) =>
      c.notNull().references('contract.id').onDelete('cascade'),
    )
    .addColumn('broker_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .execute();

  await db.schema
    .createTable('insured')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('id_gender', 'smallint', (c) => c.notNull())
    .addColumn('sex', 'char(1)', (c) => c.notNull())
    .addColumn('dt_birthday', 'date', (c) => c.notNull())
    .addColumn('noss', 'char(13)', (c) => c.notNull())
    .addColumn('noss_key', 'char(2)', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('address_locality', 'text', (c) => c.notNull())
    .addColumn('lb_sit_fam', 'text')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('organization.id'))
    .execute();

  await db.schema
    .createTable('beneficiary')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('insured_id', 'integer', (c) =>
      c.notNull().references('insured.id').onDelete('cascade'),
    )
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'date', (c) => c.notNull())
    .addColumn('sex', 'char(1)', (c) => c.notNull())
    .addColumn('link', 'char(1)', (c) => c.notNull())
    .addColumn('lb_lien', 'text', (c) => c.notNull())
    .addColumn('start_at', 'date', (c) => c.notNull())
    .addColumn('end_at', 'date')
    .execute();

  await db.schema
    .createTable('subscription')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('insured_id', 'integer', (c) =>
      c.notNull().references('insured.id').onDelete('cascade'),
    )
    .addColumn('contract_id', 'integer', (c) =>
      c.notNull().references('contract.id').onDelete('cascade'),
    )
    .addColumn('start_at', 'date', (c) => c.notNull())
    .addColumn('end_at', 'date')
    .execute();

  await db.schema
    .createTable('premium')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contract_id', 'integer', (c) =>
      c.notNull().references('contract.id').onDelete('cascade'),
    )
    .addColumn('insured_id', 'integer', (c) => c.references('insured.id'))
    .addColumn('status', 'char(1)', (c) => c.notNull())
    .addColumn('dt_deb_val', 'date', (c) => c.notNull())
    .addColumn('dt_fin_val', 'date', (c) => c.notNull())
    .addColumn('dt_lim_reg', 'date')
    .addColumn('dt_paiement', 'date')
    .addColumn('dt_echeance', 'date')
    .addColumn('dt_impaye', 'date')
    .addColumn('dt_demeure', 'date')
    .addColumn('dt_rappel', 'date')
    .addColumn('dt_bloq_presta_previ', 'date')
    .addColumn('dt_resi_previ', 'date')
    .addColumn('paid_by_client', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('num_frais_ges', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('num_frais_impay', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('num_montant', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('num_total_cot', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('amount_paid', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('num_relance', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('lb_mode_paie', 'text')
    .execute();

  await db.schema
    .createTable('benefit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('insured_id', 'integer', (c) =>
      c.notNull().references('insured.id').onDelete('cascade'),
    )
    .addColumn('beneficiary_id', 'integer', (c) => c.references('beneficiary.id'))
    .addColumn('contract_id', 'integer', (c) =>
      c.notNull().references('contract.id').onDelete('cascade'),
    )
    .addColumn('date_treatment', 'date', (c) => c.notNull())
    .addColumn('date_payment', 'date')
    .addColumn('date_vir', 'date')
    .addColumn('id_fam_act', 'text', (c) => c.notNull())
    .addColumn('lb_fam_act', 'text', (c) => c.notNull())
    .addColumn('lb_facture', 'text', (c) => c.notNull())
    .addColumn('secu_social_refund', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('real_price', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('mutual_refund', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('lb_mod_pay', 'text', (c) => c.notNull())
    .addColumn('lb_option', 'text')
    .addColumn('basket_type', 'text')
    .execute();

  await db.schema
    .createTable('commission')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contract_id', 'integer', (c) =>
      c.notNull().references('contract.id').onDelete('cascade'),
    )
    .addColumn('business_provider_id', 'integer', (c) => c.notNull().references('organization.id'))
    .addColumn('acquisition_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('start_at', 'date', (c) => c.notNull())
    .addColumn('end_at', 'date', (c) => c.notNull())
    .addColumn('date_payment_com', 'date')
    .addColumn('amound_paid', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('year', 'smallint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('menu')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('date_deb_val', 'date', (c) => c.notNull())
    .execute();

  // Foreign keys that lists and details follow.
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  await index('contract_customer', 'contract', ['customer_id']);
  await index('contract_product', 'contract', ['product_id']);
  await index('contract_partner_date', 'contract', ['partner_id', 'date_deb_val']);
  await index('contract_date', 'contract', ['date_deb_val', 'id']);
  await index('contract_organization_org', 'contract_organization', [
    'organization_id',
    'contract_id',
  ]);
  await index('customer_portfolio_broker', 'customer_portfolio', ['broker_id', 'contract_id']);
  await index('customer_portfolio_contract', 'customer_portfolio', ['contract_id']);
  await index('customer_partner', 'customer', ['partner_id']);
  await index('insured_customer', 'insured', ['customer_id']);
  await index('insured_partner', 'insured', ['partner_id']);
  await index('beneficiary_insured', 'beneficiary', ['insured_id']);
  await index('subscription_contract', 'subscription', ['contract_id', 'insured_id']);
  await index('subscription_insured', 'subscription', ['insured_id']);
  await index('premium_contract', 'premium', ['contract_id', 'dt_deb_val']);
  await index('premium_insured', 'premium', ['insured_id']);
  await index('benefit_insured', 'benefit', ['insured_id', 'date_payment']);
  await index('benefit_contract', 'benefit', ['contract_id']);
  await index('commission_contract', 'commission', ['contract_id']);
  await index('product_company', 'product', ['insurance_company_id']);
  // The seller scope: which contracts a set of sellers holds.
  await sql`CREATE INDEX contract_broker_ids ON contract USING gin (broker_ids)`.execute(db);
  // The default contract list of spec §4 (states 1, 2, 4; types 1, 3; an active insured),
  // newest first: page 1 and its capped count read this partial index alone.
  await sql`CREATE INDEX contract_default_list ON contract (date_deb_val DESC, id DESC)
    WHERE state_id IN (1, 2, 4) AND contract_type_id IN (1, 3) AND nbr_insured > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'menu',
    'commission',
    'benefit',
    'premium',
    'subscription',
    'beneficiary',
    'insured',
    'customer_portfolio',
    'contract_option',
    'contract_organization',
    'contract',
    'customer',
    'product',
    'customer_group',
    'pole',
    'contract_category',
    'contract_type',
    'contract_state',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
