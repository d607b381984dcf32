import { QueryClient } from '@tanstack/react-query';

/**
 * The application's query client, without retries of its own: the HTTP client already retries
 * a network failure or a 5xx three times (spec partner-extranet §9, "Retry count 3"), and
 * react-query's three more made sixteen calls, and nine seconds, before a failing screen said so.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } });
