// msw answers in the API's Hydra shape (docs/api.md), for component tests.
import { HttpResponse } from 'msw';

export function hydraCollection<T extends { id: number | string }>(
  members: T[],
  total = members.length,
  extra: Record<string, unknown> = {},
) {
  return HttpResponse.json({
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
    ...extra,
  });
}

export function hydraProblem(status: number, detail: string) {
  return HttpResponse.json(
    { '@type': 'hydra:Error', 'hydra:description': detail, detail, status },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}
