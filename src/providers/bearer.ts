// Where the http client takes the bearer token from. The auth provider registers its source at
// start; keeping it here lets the auth provider use the http client (GET /api/me) without an
// import cycle.

export type BearerSource = () => Promise<string | null>;

let source: BearerSource = async () => null;

export function setBearerSource(next: BearerSource): void {
  source = next;
}

export function getBearer(): Promise<string | null> {
  return source();
}
