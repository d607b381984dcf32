import { useDataProvider, useListContext, useResourceContext } from 'ra-core';
import { useEffect, useRef } from 'react';
import { classOfResource } from '../domain/schema/index.ts';
import { hasLiveTopic } from '../domain/schema/types.ts';
import { subscribe } from './hub.ts';
import { type Throttled, throttleLatest } from './throttle.ts';

// Live updates of the lists (spec partner-extranet §4): a list of contracts, contributions or
// insured persons refetches its page when the server publishes a change on its hub topic.
// Lists of the same topic shown at once share one connection (one per topic, as the spec's
// "a new connection for the same id replaces the previous" requires) and all refetch.
// A tab left in the background lets its connections go after a while (a browser holds only six
// HTTP/1.1 connections per host across all its tabs) and refetches when it is shown again.
// The classes the Admin area writes have a topic each, their resource's name (the server
// publishes on it at every write): their lists and details follow it (useClassLiveUpdates).

/** The business topics of spec §4, or a writable class's resource ('users', 'accessGroups'). */
export type LiveTopic = 'contracts' | 'contributions' | 'insureds' | (string & {});

type Refetch = () => void;

interface Entry {
  refetches: Set<Refetch>;
  /** Refetches them all: at once, then at most once per burst window. */
  refetchAll: Throttled<void>;
  /** The open subscription's removal; undefined while the tab is hidden. */
  unsubscribe?: () => void;
}

/**
 * Tunables (tests shorten them). A burst of changes (an import, a script saving 20 records) is
 * one refetch at once and one at the end of each `burstMs`, not one per change.
 */
export const liveUpdatesTiming = { hiddenGraceMs: 30_000, burstMs: 1_000 };

const entries = new Map<LiveTopic, Entry>();
let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

const refetchAll = (topic: LiveTopic) => entries.get(topic)?.refetchAll();

function connect(topic: LiveTopic, entry: Entry) {
  entry.unsubscribe = subscribe(topic, () => refetchAll(topic), {
    // After a lost connection the list may have missed changes: refetch then too.
    onOpen: (reconnected) => {
      if (reconnected) refetchAll(topic);
    },
  });
}

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

function onVisibilityChange() {
  clearTimeout(hiddenTimer);
  hiddenTimer = undefined;
  if (isHidden()) {
    hiddenTimer = setTimeout(() => {
      for (const entry of entries.values()) {
        entry.unsubscribe?.();
        entry.unsubscribe = undefined;
      }
    }, liveUpdatesTiming.hiddenGraceMs);
    return;
  }
  for (const [topic, entry] of entries) {
    if (entry.unsubscribe) continue;
    connect(topic, entry);
    refetchAll(topic);
  }
}

/** Registers a list's refetch on the topic; returns the removal (the last one disconnects). */
export function followLiveTopic(topic: LiveTopic, refetch: Refetch): () => void {
  let entry = entries.get(topic);
  if (!entry) {
    if (entries.size === 0 && typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', onVisibilityChange);
    }
    const refetches = new Set<Refetch>();
    const created: Entry = {
      refetches,
      refetchAll: throttleLatest(() => {
        for (const refetch of refetches) refetch();
      }, liveUpdatesTiming.burstMs),
    };
    entries.set(topic, created);
    // In a tab hidden past its grace, the connection waits for the tab to be shown.
    if (!isHidden() || hiddenTimer !== undefined) connect(topic, created);
    entry = created;
  }
  const current = entry;
  // A wrapper per call, so the same function registered twice is removed once per removal.
  const own: Refetch = () => refetch();
  current.refetches.add(own);
  return () => {
    current.refetches.delete(own);
    if (current.refetches.size > 0 || entries.get(topic) !== current) return;
    current.unsubscribe?.();
    current.refetchAll.cancel();
    entries.delete(topic);
    if (entries.size === 0 && typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      clearTimeout(hiddenTimer);
      hiddenTimer = undefined;
    }
  };
}

/** Inside a react-admin list: refetch it when the hub announces a change on `topic` (if any). */
export function useLiveUpdates(topic: LiveTopic | undefined): void {
  const { refetch } = useListContext();
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(
    () => (topic ? followLiveTopic(topic, () => void latest.current()) : undefined),
    [topic],
  );
}

/**
 * Inside a list or a detail of a class the Admin area writes (declared writable, or with a live
 * topic: the imports): refetch when someone saves one of its records, here or in another
 * session. Other classes: nothing.
 */
export function useClassLiveUpdates(refetch: () => unknown): void {
  const declared = classOfResource(useResourceContext());
  const topic = declared && hasLiveTopic(declared) ? declared.resource : undefined;
  const dataProvider = useDataProvider();
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!topic) return undefined;
    return followLiveTopic(topic, () => {
      // A list the tab keeps 3 hours (the access groups, spec §9) is read again, not replayed.
      void dataProvider.forgetCachedLists?.();
      void latest.current();
    });
  }, [topic, dataProvider]);
}
