// The creation form of a seller (/brokers/create) or a manager (/managers/create): the fields
// POST /api/brokers and /api/supervisors take (docs/api.md). The server decides and checks
// everything (docs/security.md, "Creating sellers and managers"); its 422 violations come back
// through the data provider as `{ errors }` and show on their fields; nothing is saved then.
import { usePermissions } from 'ra-core';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { checksFor } from '../../components/generic/checks.ts';
import { CIVILITIES } from '../../domain/format.ts';
import { User } from '../../domain/schema/user.ts';
import type { Permissions } from '../../domain/session.ts';
import type { PageProps } from '../types.ts';

const PARTNER_ORGANIZATION_TYPE = 2;
/** Where the created member opens (its spec path, not react-admin's /<name>/<id>/show). */
const DETAIL = { seller: '/brokers', manager: '/managers' } as const;
const FULL_WIDTH = { fullWidth: true, sx: { maxWidth: 560 } } as const;
/** The checks of a user's fields (the server creates a member by the same limits and forms). */
const CHECKS = checksFor(User, [
  'firstname',
  'lastname',
  'username',
  'email',
  'sellerCode',
  'jobFunction',
]);

interface ManagerOption {
  employee?: { firstname?: string; lastname?: string };
  username?: string;
}
const managerName = (record: ManagerOption) =>
  [record.employee?.firstname, record.employee?.lastname].filter(Boolean).join(' ') ||
  (record.username ?? '');

export function MemberCreate({ title, member }: PageProps & { member: 'seller' | 'manager' }) {
  const { permissions } = usePermissions<Permissions>();
  const roles = permissions?.roles ?? [];
  const operator = roles.includes('PROFILE_ADMIN_AGEO');
  const partnerAdmin = operator || roles.includes('PROFILE_ADMIN_PARTNER');
  return (
    <Create
      title={title}
      redirect={(_resource, id) => `${DETAIL[member]}/${id}`}
      mutationMode="pessimistic"
    >
      <SimpleForm defaultValues={{ enabled: true }} noValidate sx={{ maxWidth: '100%' }}>
        <SelectInput
          source="employee.civility"
          choices={[...CIVILITIES]}
          optionText="label"
          validate={required()}
          {...FULL_WIDTH}
        />
        <TextInput source="employee.firstname" validate={CHECKS.firstname} {...FULL_WIDTH} />
        <TextInput source="employee.lastname" validate={CHECKS.lastname} {...FULL_WIDTH} />
        <TextInput
          source="username"
          validate={CHECKS.username}
          autoComplete="off"
          {...FULL_WIDTH}
        />
        <TextInput source="email" type="email" validate={CHECKS.email} {...FULL_WIDTH} />
        {member === 'seller' && (
          <TextInput
            source="sellerCode"
            validate={[required(), ...CHECKS.sellerCode]}
            {...FULL_WIDTH}
          />
        )}
        <TextInput source="employee.jobFunction" validate={CHECKS.jobFunction} {...FULL_WIDTH} />
        <ReferenceInput
          source="employee.organization"
          reference="organizations"
          filter={{ 'type.id': PARTNER_ORGANIZATION_TYPE }}
          sort={{ field: 'legalname', order: 'ASC' }}
        >
          <AutocompleteInput
            optionText="legalname"
            filterToQuery={(legalname: string) => ({ legalname })}
            validate={operator ? required() : undefined}
            helperText={operator ? undefined : 'Par défaut : votre organisation'}
            {...FULL_WIDTH}
          />
        </ReferenceInput>
        {/* A manager's sellers are its own: the server sets it; only administrators choose. */}
        {member === 'seller' && partnerAdmin && (
          <ReferenceInput
            source="employee.managedBy"
            reference="managers"
            sort={{ field: 'employee.lastname', order: 'ASC' }}
          >
            <AutocompleteInput
              optionText={managerName}
              filterToQuery={(lastname: string) => ({ 'employee.lastname': lastname })}
              {...FULL_WIDTH}
            />
          </ReferenceInput>
        )}
        <BooleanInput source="enabled" />
      </SimpleForm>
    </Create>
  );
}
