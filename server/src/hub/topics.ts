// The hub's topics (docs/api.md, "Live updates and the hub"): private topics of one person,
// the public live-update topics of the lists, and one topic per writable class (its resource
// name, 'suppliers') that the write path announces. Any other shape is refused as malformed.
import { hasAnyRole } from '../../../src/domain/roles.ts';
import { CLASSES, hasLiveTopic } from '../../../src/domain/schema/index.ts';
import type { Principal } from '../auth/principal.ts';

export const PUBLIC_TOPICS = ['contracts', 'contributions', 'insureds'] as const;
export type PublicTopic = (typeof PUBLIC_TOPICS)[number];

/** Who may follow the public topics (expanded roles: every profile from seller up). */
export const PUBLIC_TOPIC_ROLE = 'PROFILE_SELLER';
/** Who may publish on them through POST /.well-known/mercure. */
export const PUBLISHER_ROLE = 'PROFILE_ADMIN_AGEO';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const COMMAND = new RegExp(`^command/${UUID}$`);
const LOGIN = new RegExp(`^login/([^/]+)/${UUID}$`);

/** A class's topic (a writable one, or one declaring it), followed by whoever may read it. */
export const CLASS_TOPICS: ReadonlyMap<string, readonly string[]> = new Map(
  CLASSES.filter(
    (c) => hasLiveTopic(c) && !(PUBLIC_TOPICS as readonly string[]).includes(c.resource),
  ).map((c) => [c.resource, c.access.read ?? []]),
);

export type Topic =
  | { kind: 'public'; topic: PublicTopic }
  | { kind: 'class'; topic: string; readers: readonly string[] }
  | { kind: 'command'; topic: string }
  | { kind: 'login'; topic: string; login: string };

/** The topic's kind, or undefined for a shape the hub does not know. */
export function parseTopic(topic: string): Topic | undefined {
  if ((PUBLIC_TOPICS as readonly string[]).includes(topic)) {
    return { kind: 'public', topic: topic as PublicTopic };
  }
  const readers = CLASS_TOPICS.get(topic);
  if (readers) return { kind: 'class', topic, readers };
  if (COMMAND.test(topic)) return { kind: 'command', topic };
  const login = LOGIN.exec(topic);
  if (login) return { kind: 'login', topic, login: login[1] };
  return undefined;
}

export const isPublicTopic = (topic: string): topic is PublicTopic =>
  (PUBLIC_TOPICS as readonly string[]).includes(topic);

/**
 * Whether the principal may follow the topic without a claim: its own login topics, public
 * topics with the seller profile. Command topics are decided by their claim (claims.ts).
 */
export function mayFollow(principal: Principal, topic: Topic): boolean {
  if (topic.kind === 'login') return topic.login === principal.username;
  if (topic.kind === 'public') return hasAnyRole(principal.roles, PUBLIC_TOPIC_ROLE);
  if (topic.kind === 'class')
    return !topic.readers.length || hasAnyRole(principal.roles, topic.readers);
  return true;
}
