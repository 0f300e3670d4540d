/**
 * The SLA feature's subscriber (docs/events.md), registered in api/src/event-subscribers.ts:
 * `sla.policy_cache` (settings.changed of the SLA policy, after COMMIT): this process's policy cache
 * forgets the old policy before the PUT answers (policyCache.ts; other processes by notification).
 * After commit: forgetting is safe to lose (a crash loses the cache with the process).
 */
import { defineSubscriber } from '../../events';
import { slaPolicyChanged } from './policy';

const policyCache = defineSubscriber({
  name: 'sla.policy_cache',
  events: ['settings.changed'],
  phase: 'afterCommit',
  handle(events) {
    if (events.some((e) => e.data.area === 'sla_policy')) slaPolicyChanged();
    return Promise.resolve();
  },
});

/** The SLA feature's subscribers, in the order they run. */
export const slaSubscribers = [policyCache];
