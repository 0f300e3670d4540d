/**
 * The surveys feature's subscriber (docs/events.md), registered in api/src/event-subscribers.ts:
 * `surveys.invite` (ticket.patched, in the transaction): a ticket entering resolved/closed for the
 * first time gets its one invitation row and the invitation e-mail job (port.ts
 * `inviteOnResolution`), committed with the staff update.
 */
import type { Config } from '../../config';
import { defineSubscriber } from '../../events';
import { surveyLinksFor } from './links';
import { inviteOnResolution } from './port';
import type { SurveyInviteDeps } from './service';

const depsByConfig = new WeakMap<Config, SurveyInviteDeps>();

/** The invitation deps of a configuration (the token deriver reads its key once per app). */
function inviteDeps(config: Config): SurveyInviteDeps {
  let deps = depsByConfig.get(config);
  if (!deps) {
    deps = { links: surveyLinksFor(config), ttlDays: config.surveyTtlDays };
    depsByConfig.set(config, deps);
  }
  return deps;
}

const invite = defineSubscriber({
  name: 'surveys.invite',
  events: ['ticket.patched'],
  phase: 'transaction',
  async handle(events, { tx, config }) {
    for (const { data, at } of events) await inviteOnResolution(tx, { before: data.before, after: data.after }, inviteDeps(config), at);
  },
});

/** The surveys feature's subscribers. */
export const surveySubscribers = [invite];
