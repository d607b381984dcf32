import { Box, Typography } from '@mui/material';
import { usePermissions } from 'ra-core';
import {
  BooleanInput,
  DateInput,
  FilterButton,
  SelectArrayInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { ExportButtons } from '../../components/export/ExportButtons.tsx';
import {
  Col,
  LOAD_ERRORS,
  ShortDateField,
  SpecList,
  SpecTable,
} from '../../components/list/index.ts';
import {
  contractSellers,
  DEFAULT_CONTRACT_FILTERS,
  RISKS,
  STATE_FILTER_VALUES,
} from '../../domain/contract.ts';
import { Contract } from '../../domain/schema/contract.ts';
import { filterLabel } from '../../domain/schema/types.ts';
import type { Permissions } from '../../domain/session.ts';
import type { PageProps } from '../types.ts';
import { ContractMenus } from './ContractMenus.tsx';
import { ContractStatistics } from './ContractStatistics.tsx';
import { type ContractRecord, companiesOf, personName, providersOf } from './display.ts';
import { contracts } from './index.ts';
import { OptionsInput } from './OptionsInput.tsx';

// The contract list (/contrats/liste, spec §2, §3, §4, §5, §7): the columns a broker reads,
// sortable with the §7 aliases, the filters of §5/§7 with the default filters of §4, page
// sizes 10/25/50/100, the statistics block, live updates, and the slot of the export buttons.

const legalname = (r: Record<string, unknown>) => String(r.legalname ?? '');

function contractFilters(mayFilterBySeller: boolean) {
  return [
    <TextInput key="lbContrat" source="lbContrat" alwaysOn />,
    <TextInput key="lbSouscrip" source="lbSouscrip" alwaysOn />,
    <OptionsInput
      key="state"
      source="state"
      options="contratStates"
      sort={{ field: 'id', order: 'ASC' }}
      optionText={(r) => String(r.label ?? '')}
      only={STATE_FILTER_VALUES}
      loadError={LOAD_ERRORS.contractStates}
      alwaysOn
    />,
    <OptionsInput
      key="contractType"
      source="contractType"
      options="contratTypes"
      sort={{ field: 'label', order: 'ASC' }}
      optionText={(r) => String(r.label ?? '')}
      loadError={LOAD_ERRORS.contractTypes}
      alwaysOn
    />,
    <BooleanInput
      key="nbrInsured"
      source="nbrInsured"
      label={filterLabel(Contract, 'nbrInsured')}
      alwaysOn
    />,
    <SelectArrayInput
      key="lbType"
      source="lbType"
      choices={RISKS.map((r) => ({ id: r.id, name: r.name }))}
      sx={{ minWidth: 180 }}
    />,
    <OptionsInput
      key="idCollege"
      source="idCollege"
      options="contracts_categories"
      sort={{ field: 'lbCollege', order: 'ASC' }}
      optionText={(r) => String(r.lbCollege ?? '')}
      loadError={LOAD_ERRORS.contractCategories}
    />,
    <OptionsInput
      key="idProduit"
      source="idProduit"
      options="products_with_contract"
      sort={{ field: 'lbProduit', order: 'ASC' }}
      optionText={(r) => String(r.lbProduit ?? '')}
      loadError={LOAD_ERRORS.products}
    />,
    <OptionsInput
      key="contractBusinessProviders.organization"
      source="contractBusinessProviders.organization"
      options="business_providers_with_contract"
      sort={{ field: 'legalname', order: 'ASC' }}
      optionText={legalname}
      loadError={LOAD_ERRORS.businessProviders}
    />,
    <OptionsInput
      key="contractCompanies.organization"
      source="contractCompanies.organization"
      options="insuranceOfCompanies_with_contract"
      sort={{ field: 'legalname', order: 'ASC' }}
      optionText={legalname}
      loadError={LOAD_ERRORS.companies}
    />,
    // spec §6: the sellers with contracts are read only for PROFILE_MANAGER.
    ...(mayFilterBySeller
      ? [
          <OptionsInput
            key="customerPortfolios.broker"
            source="customerPortfolios.broker"
            options="brokers_with_contract"
            sort={{ field: 'employee.lastname', order: 'ASC' }}
            optionText={(r) =>
              personName((r.employee ?? {}) as { firstname?: string; lastname?: string }) ||
              String(r.username ?? '')
            }
            loadError={LOAD_ERRORS.sellers}
          />,
        ]
      : []),
    // spec §5: dtDebVal is a lower bound, dtFinVal an upper bound (sent YYYY-MM-DD).
    <DateInput
      key="dtDebVal.after"
      source="dtDebVal.after"
      label={filterLabel(Contract, 'dtDebVal', 'after')}
    />,
    <DateInput
      key="dtFinVal.before"
      source="dtFinVal.before"
      label={filterLabel(Contract, 'dtFinVal', 'before')}
    />,
  ];
}

function ContractActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <ContractMenus />
      <ExportButtons kind="contracts" />
    </TopToolbar>
  );
}

function Providers({ record }: { record: ContractRecord }) {
  const providers = providersOf(record);
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {providers.map((p) => (
        <Typography
          key={`${p.id ?? 'added'}-${p.legalname}`}
          component="span"
          variant="body2"
          sx={{ fontWeight: p.main ? 600 : 400 }}
          title={p.main ? 'Apporteur principal' : 'Co-apporteur'}
        >
          {p.legalname}
        </Typography>
      ))}
    </Box>
  );
}

// Short values on one line, names wide enough to read: the table scrolls inside its card on
// narrow screens (spec §9 breakpoints) instead of squeezing every column.
const NO_WRAP = ['lbContrat', 'type', 'risk', 'dateDebVal', 'dateFinVal', 'state', 'nbrInsured'];
const READABLE = [
  'lbProduit',
  'lbSouscrip',
  'lbCollege',
  'businessProviders',
  'insuranceCompanies',
];
// Headers may take two lines (« Date de / début »): the eight default columns then fit a
// laptop's 1366 px without a sideways scroll.
const TABLE_SX = {
  [NO_WRAP.map((c) => `& td.column-${c}`).join(', ')]: { whiteSpace: 'nowrap' },
  [READABLE.map((c) => `& td.column-${c}`).join(', ')]: { minWidth: 130 },
  '& th.column-lbContrat': { whiteSpace: 'nowrap' },
  '& th.column-dateDebVal, & th.column-dateFinVal': { minWidth: 104 },
};

// Issue 17 #3: the columns a broker reads first come first; the wide, less used ones are hidden
// until chosen with "Colonnes" (the choice is kept per browser under `contracts.list`).
export const HIDDEN_BY_DEFAULT = [
  'type',
  'lbCollege',
  'businessProviders',
  'insuranceCompanies',
  'sellers',
];

export function ContractList({ title }: PageProps) {
  const { permissions } = usePermissions<Permissions>();
  const isManager = (permissions?.roles ?? []).includes('PROFILE_MANAGER');
  return (
    <SpecList
      live="contracts"
      title={title}
      loadError={LOAD_ERRORS.contracts}
      sort={contracts.defaultSort}
      perPageOptions={[10, 25, 50, 100]}
      filters={contractFilters(isManager)}
      filterDefaultValues={{
        state: [...DEFAULT_CONTRACT_FILTERS.state],
        contractType: [...DEFAULT_CONTRACT_FILTERS.contractType],
        nbrInsured: DEFAULT_CONTRACT_FILTERS.nbrInsured,
      }}
      actions={<ContractActions />}
    >
      <ContractStatistics />
      <SpecTable
        rowLink={(r) => `/contrats/${r.id}`}
        storeKey="contracts.list"
        hiddenColumns={HIDDEN_BY_DEFAULT}
        sx={TABLE_SX}
      >
        <Col source="lbContrat" />
        <Col source="lbSouscrip" />
        <Col source="lbProduit" />
        <Col source="state" render={(record) => record.state?.label ?? ''} />
        <Col source="dateDebVal" field={ShortDateField} />
        <Col source="dateFinVal" field={ShortDateField} />
        <Col source="risk" />
        <Col source="nbrInsured" align="right" />
        <Col source="type" />
        <Col source="lbCollege" />
        <Col
          source="businessProviders"
          render={(record) => <Providers record={record as ContractRecord} />}
        />
        <Col
          source="insuranceCompanies"
          render={(record) =>
            companiesOf(record as ContractRecord)
              .map((c) => c.legalname)
              .join(', ')
          }
        />
        <Col
          source="sellers"
          render={(record) =>
            contractSellers(record as ContractRecord)
              .map(personName)
              .join(', ')
          }
        />
      </SpecTable>
    </SpecList>
  );
}
