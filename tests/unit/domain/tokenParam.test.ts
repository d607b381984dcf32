import { describe, expect, it } from 'vitest';
import {
  decideTokenEntry,
  readTokenParam,
  type TokenEntry,
  type TokenEntryInput,
  withoutTokenParam,
} from '../../../src/domain/tokenParam.ts';

const input = (overrides: Partial<TokenEntryInput>): TokenEntryInput => ({
  pathname: '/',
  search: '',
  sessionToken: null,
  signedIn: false,
  ...overrides,
});

// spec partner-extranet §4: the token parameter of a sign-in return.
describe('decideTokenEntry', () => {
  it.each<[string, Partial<TokenEntryInput>, TokenEntry]>([
    [
      'a token and no session: adopt it',
      { search: '?token=abc' },
      { action: 'adopt', token: 'abc' },
    ],
    [
      'a token on a deep link: adopt it',
      { pathname: '/contrats/liste', search: '?page=2&token=abc' },
      { action: 'adopt', token: 'abc' },
    ],
    [
      'a token equal to the session one: keep the session',
      { search: '?token=abc', sessionToken: 'abc', signedIn: true },
      { action: 'keep' },
    ],
    [
      'a token different from the session one: log out, then use it',
      { search: '?token=new', sessionToken: 'old', signedIn: true },
      { action: 'replace', token: 'new' },
    ],
    [
      'a token different from an expired session one: replace it',
      { search: '?token=new', sessionToken: 'old', signedIn: false },
      { action: 'replace', token: 'new' },
    ],
    ['a blank token counts as none', { search: '?token=%20' }, { action: 'none' }],
    [
      'no token, not signed in, on a sign-in return: login error',
      { pathname: '/callback' },
      { action: 'loginError' },
    ],
    [
      'no token, not signed in, sign-in return with an unrelated query: login error',
      { pathname: '/callback', search: '?foo=1' },
      { action: 'loginError' },
    ],
    [
      'no token but an authorization code: the OIDC callback handles it',
      { pathname: '/callback', search: '?code=xyz&state=s' },
      { action: 'none' },
    ],
    [
      'no token but an identity provider error: the OIDC callback reports it',
      { pathname: '/callback', search: '?error=access_denied&state=s' },
      { action: 'none' },
    ],
    ['no token, not signed in, on /logout: nothing', { pathname: '/logout' }, { action: 'none' }],
    [
      'no token, signed in, on a sign-in return: nothing',
      { pathname: '/callback', signedIn: true, sessionToken: 'abc' },
      { action: 'none' },
    ],
    [
      "a password link's token on /finalise-account: not a bearer, the page reads it",
      { pathname: '/finalise-account', search: '?token=abc' },
      { action: 'none' },
    ],
    [
      "a password link's token, signed in as someone else: the session is kept",
      { pathname: '/finalise-account/', search: '?token=abc', sessionToken: 'x', signedIn: true },
      { action: 'none' },
    ],
    [
      'no token, not signed in, elsewhere: the OIDC sign-in flow takes over',
      { pathname: '/contrats/liste' },
      { action: 'none' },
    ],
  ])('%s', (_label, overrides, expected) => {
    expect(decideTokenEntry(input(overrides))).toEqual(expected);
  });
});

describe('readTokenParam / withoutTokenParam', () => {
  it.each([
    ['?token=abc', 'abc', ''],
    ['?a=1&token=abc&b=2', 'abc', '?a=1&b=2'],
    ['?a=1', null, '?a=1'],
    ['', null, ''],
    ['?token=', null, ''],
  ])('%j gives %j and leaves %j', (search, token, rest) => {
    expect(readTokenParam(search)).toBe(token);
    expect(withoutTokenParam(search)).toBe(rest);
  });
});
