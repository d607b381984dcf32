// /managers/{id}: a manager (spec §2, §3), the contracts of its team
// (GET /api/contracts_by_supervisor?supervisor={id}) and their products
// (GET /api/products_by_supervisor?supervisor={id}).
import { useRecordContext } from 'ra-core';
import { LOAD_ERRORS, SpecShow } from '../../components/list/index.ts';
import { RelatedContracts, RelatedProducts, Section } from '../brokers/MemberRelated.tsx';
import { type Member, MemberIdentity, memberName } from '../brokers/members.tsx';
import type { PageProps } from '../types.ts';

export const MISSING_MANAGER_ID = 'Identifiant de manager manquant';

function TeamLists() {
  const record = useRecordContext<Member>();
  if (!record) return null;
  const supervisor = { supervisor: record.id };
  return (
    <>
      <Section title="Contrats">
        <RelatedContracts
          target="supervisor"
          path="/api/contracts_by_supervisor"
          filter={supervisor}
          loadError={LOAD_ERRORS.contractsOfManager}
        />
      </Section>
      <Section title="Produits">
        <RelatedProducts
          target="supervisor"
          path="/api/products_by_supervisor"
          filter={supervisor}
        />
      </Section>
    </>
  );
}

export function ManagerShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(manager) => memberName(manager as Member)}
      loadError={LOAD_ERRORS.manager}
      missingId={MISSING_MANAGER_ID}
    >
      <MemberIdentity member="manager" />
      <TeamLists />
    </SpecShow>
  );
}
