// What a password a person chooses must be, said once for the server (passwordLinks.ts, the
// users' rules, one's own password) and the SPA's forms (/finalise-account, the user form, the
// own profile): at least 12 characters with letters and digits, at most 128 (scrypt reads it
// all: a bound keeps a request cheap). French messages.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  rule: `Au moins ${PASSWORD_MIN_LENGTH} caractères, avec des lettres et des chiffres.`,
  required: 'Le mot de passe est obligatoire.',
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  tooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
  lettersAndDigits: 'Le mot de passe doit contenir au moins une lettre et un chiffre.',
  mismatch: 'Les deux mots de passe ne sont pas identiques.',
} as const;

/** The fault of a password, or undefined when the policy accepts it. */
export function passwordFault(password: unknown): string | undefined {
  if (typeof password !== 'string' || password === '') return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
    return PASSWORD_MESSAGES.lettersAndDigits;
  }
  return undefined;
}
