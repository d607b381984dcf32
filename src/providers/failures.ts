// Messages of spec partner-extranet §8 that code (not only screens) needs.

/** The generic failure toast, also the message of an HttpError the server did not describe. */
export const GENERIC_FAILURE = 'Oops...une erreur est survenue';

/** The description the server gives a 503 while the maintenance flag is on. */
export const MAINTENANCE_DESCRIPTION = 'Site en maintenance';

/** Toast options of the generic failure: error type, 5 s (spec §8, §9). */
export const FAILURE_TOAST = { type: 'error', autoHideDuration: 5000 } as const;
