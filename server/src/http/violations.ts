// Validation refusals as API Platform writes them: 422, a ConstraintViolationList whose
// `violations` name each field at fault by its property path (`employee.firstname`), and
// every message again in hydra:description, "path: message" per line. The SPA's data provider
// turns `violations` into react-admin's `{ errors: { field: message } }`.
import type { FastifyReply } from 'fastify';
import { PROBLEM_CONTENT_TYPE } from './problem.ts';
import { titleFor } from './problemTexts.ts';

export interface Violation {
  propertyPath: string;
  /** French, shown beside the field. */
  message: string;
}

/** Thrown by a write that refuses its input; nothing has been saved when it is caught. */
export class ValidationFailed extends Error {
  readonly violations: readonly Violation[];

  constructor(violations: readonly Violation[]) {
    super(violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n'));
    this.name = 'ValidationFailed';
    this.violations = violations;
  }
}

export function constraintViolationList(violations: readonly Violation[]) {
  const description = violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n');
  const title = titleFor(422);
  return {
    '@context': '/api/contexts/ConstraintViolationList',
    '@type': 'ConstraintViolationList',
    'hydra:title': title,
    'hydra:description': description,
    title,
    detail: description,
    status: 422,
    type: '/validation_errors',
    violations: violations.map(({ propertyPath, message }) => ({ propertyPath, message })),
  };
}

export function sendViolations(reply: FastifyReply, violations: readonly Violation[]) {
  return reply.code(422).type(PROBLEM_CONTENT_TYPE).send(constraintViolationList(violations));
}
