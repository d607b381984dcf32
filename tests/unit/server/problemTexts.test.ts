// @vitest-environment node
import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { problem, toProblem } from '../../../server/src/http/problem.ts';
import { describeValidation } from '../../../server/src/http/problemTexts.ts';

const issue = (
  keyword: string,
  instancePath: string,
  params: Record<string, unknown> = {},
): FastifySchemaValidationError => ({
  keyword,
  instancePath,
  schemaPath: '',
  params,
  message: 'x',
});

describe('describeValidation', () => {
  it('names the parameter as it is written in a query string', () => {
    expect(describeValidation([issue('minimum', '/page', { limit: 1 })], 'querystring')).toBe(
      'Le paramètre « page » doit être supérieur ou égal à 1.',
    );
    expect(
      describeValidation(
        [issue('enum', '/order/startAt', { allowedValues: ['asc', 'desc'] })],
        'querystring',
      ),
    ).toBe("Le paramètre « order[startAt] » doit valoir l'une des valeurs suivantes : asc, desc.");
    expect(describeValidation([issue('required', '', { missingProperty: 'uuid' })], 'body')).toBe(
      'Le champ « uuid » est obligatoire.',
    );
    expect(describeValidation([issue('format', '/email', { format: 'email' })], 'body')).toBe(
      'Le champ « email » doit être une adresse e-mail.',
    );
    expect(describeValidation([issue('type', '/id', { type: 'integer' })], 'params')).toBe(
      'Le paramètre de chemin « id » doit être un nombre entier.',
    );
  });
});

describe('toProblem', () => {
  it('never passes an internal message through on 5xx', () => {
    const body = toProblem(new Error('ECONNREFUSED 10.0.0.5:5432'));
    expect(body).toEqual(problem(500));
    expect(body.detail).toBe('Une erreur interne est survenue.');
  });

  it('keeps a 4xx status from a library but says it in French', () => {
    const error = Object.assign(new Error('Unsupported Media Type'), {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    expect(toProblem(error)).toMatchObject({
      status: 415,
      title: 'Format de requête non pris en charge',
    });
  });
});
