// /users/create and /users/{id}/update (spec administration §2 "User create/edit form with tabs
// for account, organization, rights and access", §3, §4, §5): one form, four tabs. A save sends
// exactly src/domain/userForm.ts's userSaveBody (create: POST /api/users/create; update: PUT
// /api/users/{id}); the server's 422 violations show on their fields, any other failure as a
// French toast. In edit mode each part says when it was changed and can be reset to the loaded
// data, and after a save the form holds the record the server answered.
import RestoreIcon from '@mui/icons-material/Restore';
import { Alert, Box, Button, TextField as MuiTextField, Typography } from '@mui/material';
import {
  HttpError,
  type Identifier,
  type RaRecord,
  useChoicesContext,
  useDataProvider,
  useGetList,
  useNotify,
  usePermissions,
} from 'ra-core';
import { type ReactElement, type RefObject, useEffect, useMemo, useRef } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Labeled,
  PasswordInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { checksFor } from '../../components/generic/checks.ts';
import { SpecEdit } from '../../components/list/index.ts';
import { LOAD_ERRORS } from '../../components/list/loadErrors.ts';
import { errorToast } from '../../components/list/SpecList.tsx';
import { CIVILITIES } from '../../domain/format.ts';
import { PASSWORD_MESSAGES } from '../../domain/passwordPolicy.ts';
import { User } from '../../domain/schema/user.ts';
import type { Permissions } from '../../domain/session.ts';
import { newUserRecord, type UserRecord, userSaveBody } from '../../domain/userForm.ts';
import type { DirectoryEntry } from '../../providers/directory.ts';
import { useExternalPasswordPage, useOnlyRealm } from '../../providers/publicConfigContext.tsx';
import type { PageProps } from '../types.ts';
import { DirectorySearch } from './DirectorySearch.tsx';
import { LOOKUP_ERROR, usernameTaken } from './lookup.ts';
import { ProfileRealmRights } from './ProfileRights.tsx';
import {
  DEFAULT_REALM,
  LOAD_ERROR,
  PROFILE_RIGHTS_LABEL,
  SAVE_ERROR,
  sameValue,
  toFormValues,
  USER_PARTS,
  type UserPart,
  userName,
} from './userParts.ts';

type Mode = 'create' | 'update';

const WIDE = { fullWidth: true, sx: { maxWidth: 560 } } as const;
/** The API's checks of each text of the form, from the User declaration. */
const CHECKS = checksFor(User, [
  'firstname',
  'lastname',
  'jobFunction',
  'username',
  'email',
  'idSso',
  'plainPassword',
  'regroupementKey',
  'sellerCode',
]);
const ALL = { page: 1, perPage: 100 } as const;
const FORM_FIELDS = new Set(USER_PARTS.flatMap((p) => p.fields));
const fieldsOf = (part: UserPart) => USER_PARTS.find((p) => p.part === part)?.fields ?? [];

export const USER_FORM_MESSAGES = {
  saved: "L'utilisateur a été enregistré.",
  changed: 'modifié',
  reset: 'Rétablir',
  passwordMismatch: PASSWORD_MESSAGES.mismatch,
  invitationHint:
    'Laissez les deux champs vides : un e-mail d’invitation lui permettra de choisir son mot de passe.',
  keepPasswordHint: 'Laissez les deux champs vides pour garder le mot de passe actuel.',
  passwordsElsewhere:
    "Le mot de passe est celui du compte d'entreprise de la personne, géré par le fournisseur d'identité : il ne se saisit pas ici.",
  managerFixed: 'Le manager est fixé à la création.',
  noAccessGroups: 'Les groupes partenaires ne sont pas disponibles pour le moment.',
  rolesError: 'Une erreur est survenue durant le chargement des droits',
} as const;

interface Option {
  id: Identifier;
  [key: string]: unknown;
}

function useRoles() {
  const { permissions } = usePermissions<Permissions>();
  const roles = permissions?.roles ?? [];
  return { roles, operator: roles.includes('PROFILE_ADMIN_AGEO') };
}

/** Whether any field of the part differs from the data the form was loaded with. */
function usePartChanged(part: UserPart): boolean {
  const fields = fieldsOf(part);
  const values = useWatch({ name: fields as string[] }) as unknown[];
  const { defaultValues } = useFormState();
  const loaded = (defaultValues ?? {}) as UserRecord;
  return fields.some((field, i) => !sameValue(values[i], loaded[field]));
}

/** A tab's label, flagged 'modifié' in edit mode when one of its fields changed (§4). */
function PartLabel({ part, label, mode }: { part: UserPart; label: string; mode: Mode }) {
  const changed = usePartChanged(part);
  return (
    <span>
      {label}
      {mode === 'update' && changed && (
        <Box
          component="span"
          data-changed={part}
          sx={{ ml: 0.75, color: 'warning.main', fontSize: '0.75em', textTransform: 'none' }}
        >
          ● {USER_FORM_MESSAGES.changed}
        </Box>
      )}
    </span>
  );
}

/** Rétablir: this part's fields back to the loaded data, the other parts untouched (§4). */
function ResetPart({ part, label }: { part: UserPart; label: string }) {
  const { resetField } = useFormContext();
  const changed = usePartChanged(part);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<RestoreIcon />}
      disabled={!changed}
      onClick={() => {
        for (const field of fieldsOf(part)) resetField(field);
      }}
      aria-label={`${USER_FORM_MESSAGES.reset} : ${label}`}
      sx={{ alignSelf: 'flex-end' }}
    >
      {USER_FORM_MESSAGES.reset}
    </Button>
  );
}

/** The realm whose profiles are offered: the chosen one, else the partners' realm. */
function useRealm(): {
  name: string;
  id: Identifier | undefined;
  realms: Option[];
  isPending: boolean;
} {
  const chosen = useWatch({ name: 'realm' }) as string | null | undefined;
  const { data, isPending, error } = useGetList<Option>(
    'realms',
    { pagination: ALL, sort: { field: 'name', order: 'ASC' } },
    { retry: false },
  );
  const name = chosen || DEFAULT_REALM;
  const realms = data ?? [];
  // The embedded provider signs in one realm only: the others are not offered (a user already
  // in one keeps it shown).
  const onlyRealm = useOnlyRealm();
  const savedRealm = useRecordContext()?.realm;
  return {
    name,
    id: realms.find((r) => r.name === name)?.id,
    realms: onlyRealm
      ? realms.filter((r) => r.name === onlyRealm || r.name === savedRealm)
      : realms,
    isPending: isPending && !error,
  };
}

function AccountTab({ mode }: { mode: Mode }) {
  const { operator } = useRoles();
  const { setValue, setError, clearErrors, getValues, getFieldState } = useFormContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const ownId = useRecordContext()?.id;
  // §5's lookup, once the name is typed: a name already used in the realm is said at once.
  const checkUsername = () => {
    const [username, chosenRealm] = getValues(['username', 'realm']) as [unknown, unknown];
    if (typeof username !== 'string') return;
    usernameTaken(dataProvider, username, chosenRealm as string | null, ownId)
      .then((message) => {
        if (message) setError('username', { type: 'taken', message });
        else if (getFieldState('username').error?.type === 'taken') clearErrors('username');
      })
      .catch(() => notify(LOOKUP_ERROR, { type: 'error' }));
  };
  const { name: realm, realms, isPending: realmsPending } = useRealm();
  const passwordsElsewhere = useExternalPasswordPage() !== undefined;
  const fill = (entry: DirectoryEntry) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('username', entry.username ?? '', options);
    setValue('firstname', entry.firstName ?? '', options);
    setValue('lastname', entry.lastName ?? '', options);
    setValue('email', entry.email ?? '', options);
    setValue('idSso', entry.id ?? null, options);
  };
  return (
    <>
      {mode === 'create' && (
        <Box sx={{ width: '100%', maxWidth: 560, mb: 2 }}>
          <DirectorySearch onPick={fill} realm={operator ? realm : undefined} />
        </Box>
      )}
      <SelectInput
        source="civility"
        choices={[...CIVILITIES]}
        optionText="label"
        emptyText="Non renseignée"
        {...WIDE}
      />
      <TextInput source="firstname" validate={CHECKS.firstname} {...WIDE} />
      <TextInput source="lastname" validate={CHECKS.lastname} {...WIDE} />
      <TextInput source="jobFunction" validate={CHECKS.jobFunction} {...WIDE} />
      <TextInput
        source="username"
        validate={CHECKS.username}
        onBlur={checkUsername}
        autoComplete="off"
        {...WIDE}
      />
      <TextInput source="email" type="email" validate={CHECKS.email} {...WIDE} />
      {operator && (
        <SelectInput
          source="realm"
          choices={realms}
          optionText="name"
          optionValue="name"
          validate={required()}
          isPending={realmsPending}
          {...WIDE}
        />
      )}
      <BooleanInput source="enabled" />
      <BooleanInput source="hasLdap" />
      <TextInput source="idSso" validate={CHECKS.idSso} {...WIDE} />
      {passwordsElsewhere ? (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560, mt: 1 }}>
          {USER_FORM_MESSAGES.passwordsElsewhere}
        </Typography>
      ) : (
        <>
          <PasswordInput
            source="plainPassword"
            autoComplete="new-password"
            validate={CHECKS.plainPassword}
            helperText={
              mode === 'create'
                ? USER_FORM_MESSAGES.invitationHint
                : USER_FORM_MESSAGES.keepPasswordHint
            }
            {...WIDE}
          />
          <PasswordInput
            source="repeatPassword"
            autoComplete="new-password"
            validate={(value: unknown, values: UserRecord) =>
              sameValue(value ?? '', values.plainPassword ?? '')
                ? undefined
                : USER_FORM_MESSAGES.passwordMismatch
            }
            {...WIDE}
          />
        </>
      )}
    </>
  );
}

interface SupervisorOption {
  username?: string;
  employee?: { firstname?: string; lastname?: string };
}
const supervisorName = (record: SupervisorOption) =>
  [record.employee?.firstname, record.employee?.lastname].filter(Boolean).join(' ') ||
  (record.username ?? '');

/** The poles offered; when they cannot be read, spec §8's toast, once. */
function PoleSelect() {
  const { error } = useChoicesContext();
  const notify = useNotify();
  useEffect(() => {
    if (error) notify(LOAD_ERRORS.poles, errorToast(LOAD_ERRORS.poles));
  }, [error, notify]);
  return <SelectInput optionText="label" emptyText="Aucun" {...WIDE} />;
}

function OrganizationTab({ mode, loaded }: { mode: Mode; loaded?: UserRecord }) {
  const { setValue } = useFormContext();
  const manager = loaded?.managedBy as { firstname?: string; lastname?: string } | null;
  return (
    <>
      <ReferenceInput
        source="organization"
        reference="organizations"
        // A partner administrator attaches its users to its partner or its agencies only.
        filter={{ attachable: true }}
        sort={{ field: 'legalname', order: 'ASC' }}
      >
        <AutocompleteInput
          optionText="legalname"
          filterToQuery={(legalname: string) => ({ legalname })}
          // The partner follows the organisation (§3 partnerId; the server derives it again on
          // save): the access groups offered follow it at once.
          onChange={(_id, organization) =>
            setValue(
              'partnerId',
              (organization as { partnerId?: number } | undefined)?.partnerId ?? null,
              {
                shouldDirty: true,
              },
            )
          }
          {...WIDE}
        />
      </ReferenceInput>
      <ReferenceInput
        source="pole"
        reference="poles"
        sort={{ field: 'label', order: 'ASC' }}
        perPage={100}
        // The HTTP client has retried already: once more would make sixteen calls.
        queryOptions={{ retry: false }}
      >
        <PoleSelect />
      </ReferenceInput>
      <TextInput source="regroupementKey" validate={CHECKS.regroupementKey} {...WIDE} />
      <TextInput source="sellerCode" validate={CHECKS.sellerCode} {...WIDE} />
      {mode === 'create' ? (
        <ReferenceInput
          source="managedBy"
          reference="managers"
          sort={{ field: 'employee.lastname', order: 'ASC' }}
        >
          <AutocompleteInput
            optionText={supervisorName}
            filterToQuery={(lastname: string) => ({ 'employee.lastname': lastname })}
            {...WIDE}
          />
        </ReferenceInput>
      ) : (
        <MuiTextField
          label={User.properties.managedBy.label}
          value={manager ? `${manager.firstname ?? ''} ${manager.lastname ?? ''}`.trim() : ''}
          helperText={USER_FORM_MESSAGES.managerFixed}
          disabled
          margin="dense"
          size="small"
          {...WIDE}
        />
      )}
    </>
  );
}

interface RoleOption extends Option {
  name: string;
  description?: string | null;
  isFolder?: boolean;
}

function RightsTab({ loaded }: { loaded?: UserRecord }) {
  const { roles: held, operator } = useRoles();
  const { id: realmId } = useRealm();
  const profileRealm = useWatch({ name: 'profileRealm' }) as Identifier | null;
  const { setValue } = useFormContext();
  const types = useGetList<Option & { name: string; role: string }>(
    'userTypes',
    { pagination: ALL, sort: { field: 'id', order: 'ASC' } },
    { retry: false },
  );
  const rights = useGetList<RoleOption>(
    'roles',
    { filter: { isFolder: false }, pagination: ALL, sort: { field: 'description', order: 'ASC' } },
    { retry: false },
  );
  const own = (loaded?.roles as string[] | undefined) ?? [];
  // A type or a right the signed-in administrator may not give is shown, not offered (the
  // server refuses it anyway): the operator gives any, a partner administrator what it holds.
  const typeChoices = (types.data ?? []).filter(
    (t) => operator || held.includes(t.role) || t.role === loaded?.typeSelected,
  );
  const rightChoices = (rights.data ?? [])
    .filter((r) => !r.isFolder && !r.name.startsWith('PROFILE_'))
    .map((r) => ({
      ...r,
      label: r.description || r.name,
      disabled: !operator && !held.includes(r.name) && !own.includes(r.name),
    }));
  return (
    <>
      <SelectInput
        source="typeSelected"
        choices={typeChoices}
        optionText="name"
        optionValue="role"
        validate={required()}
        // Another type comes with its own profile (the server gives it to an empty choice):
        // the old type's profile, with its rights, is not left beside the new type.
        onChange={() => setValue('profileRealm', null, { shouldDirty: true })}
        isPending={types.isPending && !types.error}
        {...WIDE}
      />
      <ReferenceInput
        source="profileRealm"
        reference="profileRealms"
        // A profile reserved to the operator is not offered to a partner administrator.
        filter={{
          ...(realmId === undefined ? {} : { realm: realmId }),
          ...(operator ? {} : { isRestricted: false }),
        }}
        sort={{ field: 'profile.name', order: 'ASC' }}
        perPage={100}
      >
        <SelectInput
          optionText="profileName"
          emptyText="Le profil de son type"
          helperText="Vide : le profil de son type d'utilisateur, dans son royaume."
          {...WIDE}
        />
      </ReferenceInput>
      <Box sx={{ width: '100%', maxWidth: 860, mb: 2 }}>
        <Labeled label={PROFILE_RIGHTS_LABEL}>
          <ProfileRealmRights profileRealmId={profileRealm} />
        </Labeled>
      </Box>
      {rights.error ? (
        <Alert severity="error">{USER_FORM_MESSAGES.rolesError}</Alert>
      ) : (
        <CheckboxGroupInput
          source="roles"
          choices={rightChoices}
          optionText="label"
          optionValue="name"
          row={false}
        />
      )}
    </>
  );
}

function AccessTab({ loaded }: { loaded?: UserRecord }) {
  // GET /api/access_groups (spec §7 "options for the user form"): when it cannot be read, the
  // field stays empty (or on its current group) and the rest of the form works.
  const { data, error } = useGetList<Option & { name: string; partnerId?: number | null }>(
    'accessGroups',
    { pagination: ALL, sort: { field: 'name', order: 'ASC' } },
    { retry: false },
  );
  const current = loaded?.accessGroup as { id: Identifier; name?: string } | null | undefined;
  // Only the groups of the user's partner, which follows the organisation chosen (the server
  // refuses any other): none under an organisation outside every partner; while no organisation
  // is chosen yet (a new user), every group the caller sees.
  const partner = useWatch({ name: 'partnerId' }) as number | null | undefined;
  const choices = (data ?? []).filter(
    (group) => partner === undefined || (group.partnerId ?? null) === partner,
  );
  if (current?.id !== undefined && !choices.some((g) => g.id === current.id)) {
    choices.push({ id: current.id, name: current.name ?? `#${current.id}` });
  }
  return (
    <SelectInput
      source="accessGroup"
      choices={choices}
      optionText="name"
      emptyText="Aucun"
      helperText={error ? USER_FORM_MESSAGES.noAccessGroups : false}
      {...WIDE}
    />
  );
}

type ResetTarget = RefObject<((data: UserRecord) => void) | null>;

/** Only saving: a user is never deleted from here. */
function UserToolbar({ resetTarget }: { resetTarget?: ResetTarget }) {
  return (
    <Toolbar>
      <SaveButton />
      {resetTarget && <ResetBridge target={resetTarget} />}
    </Toolbar>
  );
}

/** Hands the form's reset to the page, so that a save reloads the form with the answer. */
function ResetBridge({ target }: { target: ResetTarget }) {
  const { reset } = useFormContext();
  useEffect(() => {
    target.current = (data) => reset(toFormValues(data));
    return () => {
      target.current = null;
    };
  }, [reset, target]);
  return null;
}

function UserTabs({
  mode,
  loaded,
  resetTarget,
}: {
  mode: Mode;
  loaded?: UserRecord;
  resetTarget?: ResetTarget;
}) {
  const { operator } = useRoles();
  const values = useMemo(() => (loaded ? toFormValues(loaded) : undefined), [loaded]);
  // A new user (§4): a seller; the operator, who chooses the realm, starts in the partners' one.
  const defaults = useMemo(
    () =>
      mode === 'create'
        ? { ...newUserRecord(), ...(operator ? { realm: DEFAULT_REALM } : {}) }
        : undefined,
    [mode, operator],
  );
  const tab = (part: UserPart, content: ReactElement) => {
    const label = USER_PARTS.find((p) => p.part === part)?.label ?? part;
    return (
      <TabbedForm.Tab key={part} label={<PartLabel part={part} label={label} mode={mode} />}>
        {mode === 'update' && <ResetPart part={part} label={label} />}
        {content}
      </TabbedForm.Tab>
    );
  };
  return (
    <TabbedForm
      record={values as RaRecord | undefined}
      defaultValues={defaults}
      syncWithLocation={false}
      noValidate
      toolbar={<UserToolbar resetTarget={resetTarget} />}
      // On a phone the four tabs do not fit: they scroll, with arrows saying there are more.
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
      sx={{ maxWidth: '100%' }}
    >
      {tab('account', <AccountTab mode={mode} />)}
      {tab('organization', <OrganizationTab mode={mode} loaded={loaded} />)}
      {tab('rights', <RightsTab loaded={loaded} />)}
      {tab('access', <AccessTab loaded={loaded} />)}
    </TabbedForm>
  );
}

/**
 * A failed save: a 422 shows on its fields (react-admin, from the data provider's `errors`),
 * and what names no field of the form in a toast; anything else the server's French words
 * (409: the username is taken in the realm) or the message of §8.
 */
function useSaveError() {
  const notify = useNotify();
  return (error: unknown) => {
    if (error instanceof HttpError && error.status === 422) {
      const violations =
        (error.body as { violations?: { propertyPath?: string; message?: string }[] })
          ?.violations ?? [];
      const elsewhere = violations
        .filter((v) => !FORM_FIELDS.has((v.propertyPath ?? '').split('.')[0]))
        .map((v) => v.message)
        .filter(Boolean);
      if (elsewhere.length) notify(elsewhere.join(' '), errorToast(elsewhere.join(' ')));
      return;
    }
    const { status, message } = (error ?? {}) as { status?: number; message?: string };
    const text = (status && status < 500 && message) || SAVE_ERROR;
    notify(text, errorToast(text));
  };
}

export function UserCreate({ title }: PageProps) {
  const onError = useSaveError();
  return (
    <Create
      title={title}
      resource="users"
      transform={(data: UserRecord) => userSaveBody(data, 'create')}
      redirect={(_resource, id) => `/users/${id}`}
      mutationOptions={{ onError }}
    >
      <UserTabs mode="create" />
    </Create>
  );
}

/** The form over the loaded record (named in the page's h1: UserEdit's title). */
function EditContent({ resetTarget }: { resetTarget: ResetTarget }) {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  return <UserTabs mode="update" loaded={record} resetTarget={resetTarget} />;
}

export function UserEdit({ title }: PageProps) {
  const notify = useNotify();
  const onError = useSaveError();
  const resetTarget: ResetTarget = useRef<((data: UserRecord) => void) | null>(null);
  return (
    <SpecEdit
      title={title}
      recordName={userName}
      loadError={LOAD_ERROR}
      resource="users"
      actions={false}
      redirect={false}
      transform={(data: UserRecord) => userSaveBody(data, 'update')}
      mutationOptions={{
        onError,
        onSuccess: (data: UserRecord) => {
          resetTarget.current?.(data);
          notify(USER_FORM_MESSAGES.saved, {
            type: 'success',
            messageArgs: { _: USER_FORM_MESSAGES.saved },
          });
        },
      }}
    >
      <EditContent resetTarget={resetTarget} />
    </SpecEdit>
  );
}
