// @vitest-environment node
// What is a page, what is the API: the decision behind the SPA fallback and the maintenance gate.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  isApiRequest,
  isSpaNavigation,
  prefersHtml,
} from '../../../server/src/http/requestKind.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const request = (method: string, url: string, accept?: string) =>
  ({ method, url, headers: accept ? { accept } : {} }) as unknown as FastifyRequest;

describe('prefersHtml', () => {
  it('is true for a browser navigation only', () => {
    expect(prefersHtml(BROWSER)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('application/ld+json')).toBe(false);
    expect(prefersHtml('application/json, text/plain, */*')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
  });
});

describe('isSpaNavigation', () => {
  it('is true for deep links opened by a browser', () => {
    for (const url of ['/', '/contrats/liste', '/Clients/12', '/contrats/12?x=1', '/users/list']) {
      expect(isSpaNavigation(request('GET', url, BROWSER)), url).toBe(true);
    }
    expect(isSpaNavigation(request('HEAD', '/contrats/liste', BROWSER))).toBe(true);
  });

  it('is false for the API, the identity provider, files and non-browser calls', () => {
    for (const url of [
      '/api',
      '/api/contracts',
      '/oidc/auth',
      '/.well-known/mercure',
      '/export/x',
      '/downloads/csv',
    ]) {
      expect(isSpaNavigation(request('GET', url, BROWSER)), url).toBe(false);
    }
    expect(isSpaNavigation(request('GET', '/assets/index-3f2a.js', BROWSER))).toBe(false);
    expect(isSpaNavigation(request('GET', '/contrats/12', 'application/ld+json'))).toBe(false);
    expect(isSpaNavigation(request('POST', '/contrats/liste', BROWSER))).toBe(false);
    expect(isSpaNavigation(request('GET', '/apiary', BROWSER))).toBe(true);
  });

  it('is true for a page asked with */* or no Accept, unless it is an older API path', () => {
    for (const accept of ['*/*', undefined, 'text/*']) {
      expect(isSpaNavigation(request('GET', '/', accept)), String(accept)).toBe(true);
      expect(isSpaNavigation(request('GET', '/mutuelles/liste', accept))).toBe(true);
    }
    expect(isSpaNavigation(request('GET', '/contrats/12', '*/*'))).toBe(false);
    expect(isSpaNavigation(request('GET', '/', 'application/json'))).toBe(false);
    expect(isSpaNavigation(request('GET', '/', 'application/json, */*'))).toBe(false);
  });
});

describe('isApiRequest', () => {
  it('is true under the API prefixes whatever the Accept header', () => {
    for (const url of [
      '/api',
      '/api/contracts?page=2',
      '/export/contracts',
      '/downloads/excel?id=1',
      '/.well-known/mercure',
    ]) {
      expect(isApiRequest(request('GET', url, BROWSER)), url).toBe(true);
    }
  });

  it('is true for the older unprefixed API paths called as the API', () => {
    expect(isApiRequest(request('GET', '/contrats/12', 'application/ld+json'))).toBe(true);
    expect(isApiRequest(request('GET', '/affilies?page=1', '*/*'))).toBe(true);
    expect(isApiRequest(request('POST', '/search', BROWSER))).toBe(true);
    expect(isApiRequest(request('GET', '/contrats/12', BROWSER))).toBe(false);
  });

  it('is false for pages, files and the identity provider', () => {
    expect(isApiRequest(request('GET', '/Clients/12', 'application/json'))).toBe(false);
    expect(isApiRequest(request('GET', '/oidc/token', 'application/json'))).toBe(false);
    expect(isApiRequest(request('GET', '/assets/x.js', '*/*'))).toBe(false);
    expect(isApiRequest(request('GET', '/apiary', 'application/json'))).toBe(false);
  });
});
