import { useListContext } from 'ra-core';
import { useEffect, useRef } from 'react';
import { subscribe } from './hub.ts';

// Live updates of the lists (spec partner-extranet §4): a list of contracts, contributions or
// insured persons refetches its page when the server publishes a change on its hub topic.
// Lists of the same topic shown at once share one connection (one per topic, as the spec's
// "a new connection for the same id replaces the previous" requires) and all refetch.

export type LiveTopic = 'contracts' | 'contributions' | 'insureds';

type Refetch = () => void;
const listeners = new Map<LiveTopic, { refetches: Set<Refetch>; unsubscribe: () => void }>();

const refetchAll = (topic: LiveTopic) => {
  for (const refetch of listeners.get(topic)?.refetches ?? []) refetch();
};

/** Registers a list's refetch on the topic; returns the removal (the last one disconnects). */
export function followLiveTopic(topic: LiveTopic, refetch: Refetch): () => void {
  let entry = listeners.get(topic);
  if (!entry) {
    const created = {
      refetches: new Set<Refetch>(),
      // After a lost connection the list may have missed changes: refetch then too.
      unsubscribe: subscribe(topic, () => refetchAll(topic), {
        onOpen: (reconnected) => {
          if (reconnected) refetchAll(topic);
        },
      }),
    };
    listeners.set(topic, created);
    entry = created;
  }
  const { refetches } = entry;
  // A wrapper per call, so the same function registered twice is removed once per removal.
  const own: Refetch = () => refetch();
  refetches.add(own);
  return () => {
    refetches.delete(own);
    if (refetches.size === 0 && listeners.get(topic)?.refetches === refetches) {
      listeners.get(topic)?.unsubscribe();
      listeners.delete(topic);
    }
  };
}

/** Inside a react-admin list: refetch it when the hub announces a change on `topic`. */
export function useLiveUpdates(topic: LiveTopic): void {
  const { refetch } = useListContext();
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => followLiveTopic(topic, () => void latest.current()), [topic]);
}
