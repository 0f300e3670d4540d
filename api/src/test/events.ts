/**
 * An event bus of the app's subscribers (api/src/event-subscribers.ts) for tests that drive a writer
 * on a bare test database, without an app (docs/events.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { eventSubscribers } from '../event-subscribers';
import { createEventBus, type AnySubscriber, type EventBus } from '../events';
import { createLogger } from '../logger';

/** The bus of every registered subscriber (plus `extra`) on `db`, with a test configuration (private DATA_DIR). */
export function testEvents(db: Database, extra: readonly AnySubscriber[] = []): EventBus {
  const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-events-')), LOG_LEVEL: 'silent' });
  return createEventBus([...eventSubscribers, ...extra], { db, config, logger: createLogger('silent') });
}
