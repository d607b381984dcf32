// GET /.well-known/mercure: subscribe (Mercure's subscribe protocol, a subset: exact topics,
// no Last-Event-ID replay). POST /.well-known/mercure: publish on a public topic (operators,
// end-to-end tests). Both need a bearer token; the caller's scope adds the authenticate hook.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole } from '../../../src/domain/roles.ts';
import type { Principal } from '../auth/principal.ts';
import { httpError } from '../http/problem.ts';
import { seesEveryPartner } from '../scope/index.ts';
import { type EventStream, openEventStream } from './eventStream.ts';
import type { MessageHub } from './hub.ts';
import {
  CLASS_TOPICS,
  isPublicTopic,
  mayFollow,
  PUBLIC_TOPICS,
  PUBLISHER_ROLE,
  parseTopic,
  type Topic,
} from './topics.ts';

export const HUB_PATH = '/.well-known/mercure';
const MAX_TOPICS = 20;
/**
 * Streams one user may hold open at once on this server: a user with many tabs (each list's
 * live updates, a running export) stays well under it; a script opening thousands does not.
 */
export const MAX_STREAMS_PER_USER = 10;
/** Seconds a refused stream is asked to wait (a tab closing frees a slot). */
export const STREAMS_RETRY_AFTER_S = 30;
const SHAPES = `${[...PUBLIC_TOPICS, ...CLASS_TOPICS.keys()].join(', ')}, command/{uuid} ou login/{identifiant}/{uuid}`;

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw httpError(401);
  return request.principal;
}

/** `topic` as sent once or several times; 400 naming it when absent or malformed. */
function readTopics(value: unknown): Topic[] {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (values.length === 0 || values.every((v) => v === '')) {
    throw httpError(400, 'Le paramètre « topic » est obligatoire.');
  }
  if (values.length > MAX_TOPICS) {
    throw httpError(400, `Le paramètre « topic » accepte au plus ${MAX_TOPICS} sujets.`);
  }
  return values.map((v) => {
    const topic = typeof v === 'string' ? parseTopic(v) : undefined;
    if (!topic) {
      throw httpError(
        400,
        `Le paramètre « topic » ne désigne pas un sujet connu (${SHAPES}) : ${JSON.stringify(v)}.`,
      );
    }
    return topic;
  });
}

const refused = (topic: string) => httpError(403, `Vous n'avez pas accès au sujet « ${topic} ».`);

interface PublishForm {
  topic: string[];
  data: string | null;
}

const tooManyStreams = () =>
  httpError(
    429,
    `Trop de connexions de mise à jour en direct ouvertes pour ce compte (${MAX_STREAMS_PER_USER} au plus) : fermez des onglets inutiles ou réessayez dans quelques instants.`,
    'Trop de connexions',
  );

export async function hubRoutes(app: FastifyInstance, { hub }: { hub: MessageHub }) {
  const open = new Set<EventStream>();
  /** Streams open (or being opened) per user name. */
  const perUser = new Map<string, number>();
  const release = (username: string) => {
    const count = (perUser.get(username) ?? 1) - 1;
    if (count > 0) perUser.set(username, count);
    else perUser.delete(username);
  };
  // A stream never ends by itself: the shutdown ends them, so app.close() does not wait on them.
  // The jobs the shutdown stops tell their failure first, so that their waiting browsers hear it.
  app.addHook('preClose', async () => {
    await hub.settleBeforeStreamsEnd();
    for (const stream of [...open]) stream.end();
  });

  app.get(HUB_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const principal = principalOf(request);
    const topics = readTopics((request.query as Record<string, unknown>).topic);
    for (const topic of topics) if (!mayFollow(principal, topic)) throw refused(topic.topic);
    const { username } = principal;
    // Counted before the claims are read, so that requests arriving together are counted too.
    const held = perUser.get(username) ?? 0;
    if (held >= MAX_STREAMS_PER_USER) {
      reply.header('retry-after', String(STREAMS_RETRY_AFTER_S));
      throw tooManyStreams();
    }
    perUser.set(username, held + 1);
    try {
      for (const topic of topics) {
        if (topic.kind === 'command' && !(await hub.claim(topic.topic, username))) {
          throw refused(topic.topic);
        }
      }
    } catch (error) {
      release(username);
      throw error;
    }
    const names = [...new Set(topics.map((t) => t.topic))];
    let unfollow = () => {};
    const events: EventStream = openEventStream(() => {
      unfollow();
      open.delete(events);
      release(username);
    });
    unfollow = hub.follow({
      topics: names,
      // A partner's changes reach that partner's people and the operator's only.
      audience: seesEveryPartner(principal)
        ? { allPartners: true }
        : { allPartners: false, partnerId: principal.partnerId },
      send: (update) => events.send(update),
    });
    open.add(events);
    reply.raw.once('close', () => events.end());
    // Gone while its claim was checked: 'close' has already been emitted.
    if (request.raw.socket?.destroyed) events.end();
    // A job that ended before this subscription (its server restarted, the client reconnected
    // late) is told now: its last word, read after following so that nothing falls between.
    for (const name of names.filter((n) => /^(command|login)\//.test(n))) {
      hub.lastWord(name).then(
        (data) => {
          if (data !== undefined) {
            events.send({ id: `urn:uuid:${randomUUID()}`, topics: [name], data });
          }
        },
        (error: Error) => request.log.warn({ err: error, topic: name }, 'hub: no last word'),
      );
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(events.stream);
  });

  app.register(async (publishing) => {
    if (!publishing.hasContentTypeParser('application/x-www-form-urlencoded')) {
      publishing.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 256 * 1024 },
        (_request, body, done) => {
          const form = new URLSearchParams(body as string);
          done(null, { topic: form.getAll('topic'), data: form.get('data') } as PublishForm);
        },
      );
    }
    publishing.post(HUB_PATH, async (request, reply) => {
      const principal = principalOf(request);
      if (!hasAnyRole(principal.roles, PUBLISHER_ROLE)) throw httpError(403);
      const form = (request.body ?? {}) as Partial<PublishForm>;
      const topics = readTopics(form.topic);
      for (const { topic } of topics) {
        if (!isPublicTopic(topic)) {
          throw httpError(
            403,
            `Seuls les sujets publics (${PUBLIC_TOPICS.join(', ')}) peuvent être publiés ici, pas « ${topic} ».`,
          );
        }
      }
      const data = form.data ?? 'null';
      try {
        JSON.parse(data);
      } catch {
        throw httpError(400, 'Le champ « data » doit être un texte JSON.');
      }
      const id = await hub.publishUpdate([...new Set(topics.map((t) => t.topic))], data);
      // Mercure answers the update's id.
      return reply.type('text/plain; charset=utf-8').send(id);
    });
  });
}
