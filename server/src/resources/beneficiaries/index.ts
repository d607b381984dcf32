// Beneficiaries, spec partner-extranet §7 "Insured and benefits":
//   GET /api/insureds/{id}/beneficiaires   by lastname and firstname, or page, sort, filters
//   GET /api/insured_with_beneficiaries?contract={id}&page   per contract
// plus the item /api/beneficiaires/{id} their @id points to. A parent outside the scope: 404.
import { sql } from 'kysely';
import { httpError } from '../../http/problem.ts';
import {
  type Api,
  collection,
  customList,
  exact,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { INSURED_ROLES } from '../insureds/index.ts';
import { pathParent, queryId, queryParent, withParent } from '../insureds/parents.ts';
import { beneficiaries, insuredOfContract } from './source.ts';

const sexes = customList<string>('string', (values) => {
  if (values.some((v) => v !== 'F' && v !== 'M')) {
    throw httpError(400, 'Le paramètre « sex » doit valoir F ou M.');
  }
  return sql<boolean>`beneficiary.sex IN (${sql.join(values)})`;
});

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Beneficiary',
    title: 'Ayant droit',
    properties: [
      { name: 'firstname', range: 'xmls:string', title: 'Prénom', required: true },
      { name: 'lastname', range: 'xmls:string', title: 'Nom', required: true },
      { name: 'dateOfBirth', range: 'xmls:date', title: 'Date de naissance' },
      { name: 'sex', range: 'xmls:string', title: 'Sexe' },
      { name: 'lbSex', range: 'xmls:string', title: 'Sexe (libellé)' },
      { name: 'link', range: 'xmls:string', title: 'Lien' },
      { name: 'lbLien', range: 'xmls:string', title: 'Lien (libellé)' },
      { name: 'startAt', range: 'xmls:date', title: 'Début' },
      { name: 'endAt', range: 'xmls:date', title: 'Fin' },
      { name: 'insured', range: '#Insured', title: 'Assuré', link: true },
    ],
  });

  await withParent(api, deps, INSURED_ROLES, pathParent('insured'), (child) =>
    collection(child, deps, {
      paths: ['/api/insureds/:id/beneficiaires'],
      resource: 'Beneficiary',
      roles: INSURED_ROLES,
      source: beneficiaries,
      where: (ctx) => sql<boolean>`beneficiary.insured_id = ${ctx.pathId()}`,
      order: {
        id: 'beneficiary.id',
        lastname: 'beneficiary.lastname',
        firstname: 'beneficiary.firstname',
        dateOfBirth: 'beneficiary.date_of_birth',
        startAt: 'beneficiary.start_at',
        start: 'beneficiary.start_at',
        link: 'beneficiary.link',
      },
      defaultOrder: [
        { field: 'lastname', direction: 'asc' },
        { field: 'firstname', direction: 'asc' },
      ],
      filters: {
        firstname: partial('beneficiary.firstname'),
        lastname: partial('beneficiary.lastname'),
        link: exact('beneficiary.link'),
        sex: sexes,
      },
      dates: {
        dateOfBirth: 'beneficiary.date_of_birth',
        startAt: 'beneficiary.start_at',
        endAt: 'beneficiary.end_at',
      },
      keyset: false,
    }),
  );

  await withParent(api, deps, INSURED_ROLES, queryParent('contract', 'contract'), (child) =>
    collection(child, deps, {
      paths: ['/api/insured_with_beneficiaries'],
      resource: 'Insured',
      roles: INSURED_ROLES,
      source: insuredOfContract,
      where: (ctx) => sql<boolean>`subscription.contract_id = ${queryId(ctx, 'contract')}`,
      order: {
        id: 'insured.id',
        lastname: 'insured.lastname',
        firstname: 'insured.firstname',
        dtBirthday: 'insured.dt_birthday',
        startAt: 'subscription.start_at',
        start: 'subscription.start_at',
      },
      // Affiliates by startAt descending (spec §9).
      defaultOrder: [{ field: 'startAt', direction: 'desc' }],
      keyset: true,
      filters: {
        contract: { kind: 'ignored' }, // the parent, applied by `where`
        firstname: partial('insured.firstname'),
        lastname: partial('insured.lastname'),
        'assure.firstname': partial('insured.firstname'),
        'assure.lastname': partial('insured.lastname'),
      },
      dates: { startAt: 'subscription.start_at', endAt: 'subscription.end_at' },
    }),
  );

  item(api, deps, {
    paths: ['/api/beneficiaires/:id'],
    resource: 'Beneficiary',
    roles: INSURED_ROLES,
    source: beneficiaries,
    notFound: 'Cet ayant droit est introuvable.',
  });
}
