// Partner access groups (spec administration §3 "Access group"): each partner gets two agencies
// (organisations whose parent is the partner, type Entreprise, their SIRET under the partner's
// SIREN) and two groups made by its administrator: its head office alone, and its agencies with
// the head office. Seeded last, from the same faker, so that nothing seeded before changes.
import type { Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import { PROFILE_TYPES } from '../../../../src/domain/roles.ts';
import type { DB } from '../schema.ts';
import { luhnCheckDigit } from './french.ts';
import { ORGANIZATION_TYPE, PARTNERS, type SeededOrganizations } from './organizations.ts';
import { city, day, slug, streetAddress } from './random.ts';

const AGENCIES_PER_PARTNER = 2;
/** Fixed creation dates (the seed never reads the clock). */
const CREATED_AT = ['2025-03-03T09:30:00Z', '2025-09-15T14:00:00Z'] as const;

/** An establishment of the partner: its SIREN, an establishment number of its own. */
function agencySiret(partnerSiret: string, n: number): string {
  const payload = `${partnerSiret.slice(0, 9)}${String(100 + n).padStart(4, '0')}`;
  return payload + luhnCheckDigit(payload);
}

export async function seedAccessGroups(
  db: Kysely<DB>,
  faker: Faker,
  orgs: SeededOrganizations,
): Promise<void> {
  const partners = await db
    .selectFrom('organization')
    .select(['id', 'siret'])
    .where('id', 'in', orgs.partnerIds)
    .orderBy('id')
    .execute();
  const admins = await db
    .selectFrom('app_user')
    .select(['id', 'partner_id'])
    .where('user_type', '=', PROFILE_TYPES.PROFILE_ADMIN_PARTNER)
    .orderBy('id')
    .execute();

  for (const [index, partner] of partners.entries()) {
    const agencies = Array.from({ length: AGENCIES_PER_PARTNER }, (_, n) => {
      const where = city(faker);
      return {
        type_id: ORGANIZATION_TYPE.company,
        legalname: `${PARTNERS[index].legalname} – Agence de ${where.name}`,
        siret: agencySiret(partner.siret ?? '', n + 1),
        email: `agence-${slug(where.name)}@${PARTNERS[index].domain}`,
        street_address: streetAddress(faker),
        postal_code: where.postalCode,
        address_locality: where.name,
        address_country: 'FRANCE',
        founding_date: day(faker, '2000-01-01', '2019-12-31'),
        parent_id: partner.id,
      };
    });
    const agencyIds = (
      await db.insertInto('organization').values(agencies).returning('id').execute()
    ).map((r) => r.id);
    const admin = admins.find((a) => a.partner_id === partner.id)?.id ?? null;
    const groups = await db
      .insertInto('access_group')
      .values([
        {
          name: `${PARTNERS[index].legalname} – Siège`,
          partner_id: partner.id,
          created_by: admin,
          created_at: new Date(CREATED_AT[0]),
        },
        {
          name: `${PARTNERS[index].legalname} – Réseau d’agences`,
          partner_id: partner.id,
          created_by: admin,
          created_at: new Date(CREATED_AT[1]),
        },
      ])
      .returning('id')
      .execute();
    const [headOffice, network] = groups.map((g) => g.id);
    await db
      .insertInto('access_group_organization')
      .values([
        { access_group_id: headOffice, organization_id: partner.id },
        { access_group_id: network, organization_id: partner.id },
        ...agencyIds.map((id) => ({ access_group_id: network, organization_id: id })),
      ])
      .execute();
  }
}
