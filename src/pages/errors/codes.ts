// The dedicated error pages of spec partner-extranet §2 and §8; /404 is the one the guards use.
export const ERROR_CODES = ['400', '403', '404', '405', '500', 'desynchronized'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_ROUTES: readonly { path: string; code: ErrorCode }[] = [
  ...ERROR_CODES.map((code) => ({ path: `/errors/${code}`, code })),
  { path: '/404', code: '404' },
];
