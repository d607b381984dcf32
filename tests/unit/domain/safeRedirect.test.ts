import { describe, expect, it } from 'vitest';
import { isSafeInternalPath, safeRedirectTarget } from '../../../src/domain/safeRedirect.ts';

// spec partner-extranet §5: "a path starting with a slash followed by letters, digits, @ - % _ ~
// and optionally a query and fragment; not applied if it equals the current path ignoring the query".
describe('isSafeInternalPath', () => {
  it.each([
    ['/contrats/liste?x=1#y'],
    ['/'],
    ['/contrats/42'],
    ['/users/imports/documentation'],
    ['/Clients/liste?page=2&order[dateDebVal]=desc'],
    ['/a-b_c~d@e%20f'],
    ['/contrats/liste#haut'],
  ])('accepts %s', (target) => {
    expect(isSafeInternalPath(target)).toBe(true);
  });

  it.each([
    ['//evil.example'],
    ['//evil.example/contrats'],
    ['https://evil.example'],
    ['http://evil.example/contrats'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    [''],
    ['contrats'],
    ['contrats/liste'],
    ['/contrats/liste.html'],
    ['/contrats liste'],
    ['/contrats?x=1 2'],
    [' /contrats'],
    ['/contrats\n'],
    [null],
    [undefined],
    [42],
  ])('refuses %j', (target) => {
    expect(isSafeInternalPath(target)).toBe(false);
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/contrats/liste?x=1#y', '/', '/contrats/liste?x=1#y'],
    ['/contrats/liste', '/callback', '/contrats/liste'],
    // the current path, even with another query, is not applied
    ['/contrats/liste', '/contrats/liste', null],
    ['/contrats/liste?page=2', '/contrats/liste?page=1', null],
    ['/contrats/liste?page=2', '/contrats/liste', null],
    ['//evil.example', '/', null],
    ['https://evil.example', '/', null],
    ['/\\evil.example', '/', null],
    ['javascript:alert(1)', '/', null],
    ['', '/', null],
    ['contrats', '/', null],
  ])('%j from %j gives %j', (target, current, expected) => {
    expect(safeRedirectTarget(target, current)).toBe(expected);
  });
});
