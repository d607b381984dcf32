// What the router refuses before any route runs, answered like every other error (problem+json,
// in French) instead of Fastify's English JSON: a path segment longer than the router accepts
// (an id no record can have: 404, as any unknown id) and a path whose percent-encoding is
// broken (400). Found by the fuzzing of tests/api/fuzz.test.ts.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './problem.ts';

export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendProblem(reply, problem(404));
    return;
  }
  sendProblem(reply, problem(400, "L'adresse demandée est mal formée."));
}
