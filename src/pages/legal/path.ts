/** The legal notice (spec partner-extranet §2), linked from every footer. */
export const LEGAL_NOTICE_PATH = '/mentions/mentions_legales';
