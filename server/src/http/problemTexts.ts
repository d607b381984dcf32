// The French words of error answers: a title per status, a default description per status, and
// the sentence for a request that fails its schema (naming the parameter at fault).
import type { FastifySchemaValidationError } from 'fastify';

const TITLES: Record<number, string> = {
  400: 'Requête invalide',
  401: 'Authentification requise',
  403: 'Accès refusé',
  404: 'Ressource introuvable',
  405: 'Méthode non autorisée',
  406: 'Format de réponse indisponible',
  409: 'Conflit',
  412: 'Modification concurrente',
  413: 'Requête trop volumineuse',
  415: 'Format de requête non pris en charge',
  422: 'Données invalides',
  429: 'Trop de requêtes',
  500: 'Erreur interne',
  502: 'Service indisponible',
  503: 'Service indisponible',
  504: 'Service indisponible',
};

const DESCRIPTIONS: Record<number, string> = {
  400: 'La requête est invalide.',
  401: 'Vous devez être connecté pour accéder à cette ressource.',
  403: "Vous n'avez pas les droits nécessaires pour accéder à cette ressource.",
  404: "La ressource demandée n'existe pas.",
  405: "Cette méthode n'est pas autorisée sur cette ressource.",
  406: "Cette ressource n'est pas disponible dans le format demandé.",
  409: "La requête est en conflit avec l'état actuel de la ressource.",
  412: "L'élément a été modifié par quelqu'un d'autre depuis son chargement : rechargez-le avant de l'enregistrer.",
  413: 'La requête est trop volumineuse.',
  415: "Le format du corps de la requête n'est pas pris en charge.",
  422: 'Les données envoyées sont invalides.',
  429: 'Trop de requêtes : veuillez réessayer dans quelques instants.',
  500: 'Une erreur interne est survenue.',
  503: 'Le service est momentanément indisponible.',
};

export function titleFor(status: number): string {
  return TITLES[status] ?? (status >= 500 ? TITLES[500] : TITLES[400]);
}

export function descriptionFor(status: number): string {
  return DESCRIPTIONS[status] ?? (status >= 500 ? DESCRIPTIONS[500] : DESCRIPTIONS[400]);
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'un nombre entier',
  number: 'un nombre',
  string: 'une chaîne de caractères',
  boolean: 'un booléen (true ou false)',
  array: 'une liste',
  object: 'un objet',
  null: 'vide',
};

const FORMAT_NAMES: Record<string, string> = {
  date: 'une date AAAA-MM-JJ',
  'date-time': 'une date et heure ISO 8601',
  email: 'une adresse e-mail',
  uri: 'une adresse URL',
  uuid: 'un identifiant UUID',
};

/** '/order/name' -> 'order[name]', the way the parameter is written in a query string. */
function parameterName(path: string, extra?: string): string {
  const parts = path.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  if (parts.length === 0) return '';
  const [head, ...rest] = parts;
  return head + rest.map((p) => `[${p}]`).join('');
}

function mustSentence(issue: FastifySchemaValidationError): string {
  const params = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'required':
      return 'est obligatoire';
    case 'type':
      return `doit être ${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
    case 'minimum':
      return `doit être supérieur ou égal à ${params.limit}`;
    case 'exclusiveMinimum':
      return `doit être strictement supérieur à ${params.limit}`;
    case 'maximum':
      return `doit être inférieur ou égal à ${params.limit}`;
    case 'exclusiveMaximum':
      return `doit être strictement inférieur à ${params.limit}`;
    case 'enum':
      return `doit valoir l'une des valeurs suivantes : ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `doit valoir ${String(params.allowedValue)}`;
    case 'format':
      return `doit être ${FORMAT_NAMES[String(params.format)] ?? `au format ${params.format}`}`;
    case 'pattern':
      return "n'a pas le format attendu";
    case 'minLength':
      return `doit contenir au moins ${params.limit} caractère(s)`;
    case 'maxLength':
      return `doit contenir au plus ${params.limit} caractère(s)`;
    case 'minItems':
      return `doit contenir au moins ${params.limit} élément(s)`;
    case 'maxItems':
      return `doit contenir au plus ${params.limit} élément(s)`;
    case 'additionalProperties':
      return "n'est pas accepté";
    default:
      return 'est invalide';
  }
}

const SUBJECTS: Record<string, string> = {
  querystring: 'Le paramètre',
  params: 'Le paramètre de chemin',
  headers: "L'en-tête",
  body: 'Le champ',
};

/** One French sentence for the first schema violation, naming the parameter or field. */
export function describeValidation(
  issues: readonly FastifySchemaValidationError[],
  context: string | undefined,
): string {
  const issue = issues[0];
  if (!issue) return DESCRIPTIONS[400];
  const params = issue.params as Record<string, unknown>;
  const extra =
    issue.keyword === 'required'
      ? String(params.missingProperty)
      : issue.keyword === 'additionalProperties'
        ? String(params.additionalProperty)
        : undefined;
  const name = parameterName(issue.instancePath ?? '', extra);
  const subject = SUBJECTS[context ?? 'body'] ?? 'Le champ';
  if (!name) return `Le corps de la requête ${mustSentence(issue)}.`;
  return `${subject} « ${name} » ${mustSentence(issue)}.`;
}
