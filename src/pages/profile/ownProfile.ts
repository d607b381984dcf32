// The calls of the signed-in user's own profile (spec administration §2 /user/profile; the
// server's server/src/resources/users/profile.ts): what it reads, the five fields it may change,
// the three of its password form, and the server's 422 violations as field errors.
import { HttpError } from 'ra-core';
import type { HttpClient } from '../../providers/httpClient.ts';

export const PROFILE_PATH = '/api/user/profile';
export const PASSWORD_PATH = '/api/user/password';

/** 1 Mme, 2 M. (spec administration §3 "User"). */
export type Civility = 1 | 2;

export interface OwnProfile {
  id: number;
  civility: Civility | null;
  firstname: string | null;
  lastname: string | null;
  jobFunction: string | null;
  email: string | null;
  username: string;
  userType: { label: string } | null;
  /** The roles the session gives: read-only, an administrator's to change. */
  roles: string[];
  /** The same, each with the words the rights tree gives it. */
  rights?: { code: string; label: string }[];
  /** False for an account that signs in elsewhere: no password form. */
  hasPassword: boolean;
  /** The identity provider's page where one changes one's password, when it holds them. */
  passwordPage?: string;
}

/** What one may change of one's own account, and nothing else: the server refuses the rest. */
export const OWN_FIELDS = ['civility', 'firstname', 'lastname', 'jobFunction', 'email'] as const;
export type OwnField = (typeof OWN_FIELDS)[number];
export type OwnChanges = Pick<OwnProfile, OwnField>;

export const PASSWORD_FIELDS = ['currentPassword', 'plainPassword', 'repeatPassword'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];
export type PasswordChange = Record<PasswordField, string>;

/** The five own fields of the form's values, as the server reads them. */
export function ownChanges(values: Record<string, unknown>): OwnChanges {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  const civility = Number(values.civility);
  return {
    civility: civility === 1 || civility === 2 ? civility : null,
    firstname: text(values.firstname),
    lastname: text(values.lastname),
    jobFunction: text(values.jobFunction),
    email: text(values.email),
  };
}

/** The three fields of the password form, nothing else. */
export function passwordChange(values: Record<string, unknown>): PasswordChange {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    currentPassword: text(values.currentPassword),
    plainPassword: text(values.plainPassword),
    repeatPassword: text(values.repeatPassword),
  };
}

/**
 * A 422's violations on the given fields, first message of each, as react-admin's form takes
 * them; undefined when the failure is anything else, or names a field the form does not show.
 */
export function fieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> | undefined {
  if (!(error instanceof HttpError) || error.status !== 422) return undefined;
  const violations = (error.body as { violations?: { propertyPath?: string; message?: string }[] })
    ?.violations;
  if (!Array.isArray(violations) || violations.length === 0) return undefined;
  const errors: Partial<Record<F, string>> = {};
  for (const { propertyPath, message } of violations) {
    if (!fields.includes(propertyPath as F) || !message) return undefined;
    errors[propertyPath as F] ??= message;
  }
  return errors;
}

export const readProfile = async (http: HttpClient) => (await http<OwnProfile>(PROFILE_PATH)).json;

export const saveProfile = async (http: HttpClient, changes: OwnChanges) =>
  (await http<OwnProfile>(PROFILE_PATH, { method: 'PUT', body: changes })).json;

export const changePassword = async (http: HttpClient, change: PasswordChange) => {
  // Never repeated: after a first try that went through, the current password has changed.
  await http(PASSWORD_PATH, { method: 'POST', body: change, retries: 0 });
};
