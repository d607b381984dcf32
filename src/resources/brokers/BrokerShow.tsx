// /brokers/{id}: a seller (spec §2, §3), its contracts (GET /api/contrats?
// customerPortfolios.broker={id}) and its products (GET /products?
// contracts.customerPortfolios.broker={id}).
import { LOAD_ERRORS, SpecShow } from '../../components/list/index.ts';
import type { PageProps } from '../types.ts';
import { RelatedContracts, RelatedProducts, Section } from './MemberRelated.tsx';
import { type Member, MemberIdentity, memberName } from './members.tsx';

export const MISSING_BROKER_ID = 'Identifiant de vendeur manquant';

export function BrokerShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(seller) => memberName(seller as Member)}
      loadError={LOAD_ERRORS.broker}
      missingId={MISSING_BROKER_ID}
    >
      <MemberIdentity member="seller" />
      <Section title="Contrats">
        <RelatedContracts
          target="customerPortfolios.broker"
          loadError={LOAD_ERRORS.contractsOfSeller}
        />
      </Section>
      <Section title="Produits">
        <RelatedProducts target="contracts.customerPortfolios.broker" />
      </Section>
    </SpecShow>
  );
}
