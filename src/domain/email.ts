// One rule for an e-mail address, wherever one is typed (a user's, the carte TP's recipient):
// the "valid e-mail address" of HTML's <input type="email"> (WHATWG), with at least one dot in
// the domain, so that what is accepted is what a mail server will route. Domain labels are
// letters, digits and inner hyphens: no empty label (`a@b..fr`), no leading hyphen, no `/`.
export const EMAIL_REGEX =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";
const EMAIL_PATTERN = new RegExp(EMAIL_REGEX);
/** RFC 5321's limit of a forward path. */
export const EMAIL_MAX = 254;

export const isEmailAddress = (value: string): boolean =>
  value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
