// How long an answer is held before it goes out: a hotel-wide setting kept in the
// work database, read each time a receptionist answers. `fallback` is the core's default (10 s).
import { ANSWER_GRACE_MAX_SECONDS } from '../../shared/domain';
import type { AnswerSettings } from '../../shared/ipc';
import type { DeskStore } from '../store/engines/desk-store';

const GRACE_KEY = 'answers.graceSeconds';

export async function answerSettings(store: DeskStore, fallback: number): Promise<AnswerSettings> {
  const saved = await store.getSetting<number>(GRACE_KEY, fallback);
  // A value from a hand-edited or older database is kept within what the screen offers.
  const graceSeconds =
    Number.isInteger(saved) && saved >= 0 ? Math.min(saved, ANSWER_GRACE_MAX_SECONDS) : fallback;
  return { graceSeconds };
}

export async function saveAnswerSettings(
  store: DeskStore,
  settings: AnswerSettings,
  fallback: number,
): Promise<AnswerSettings> {
  await store.setSetting(GRACE_KEY, settings.graceSeconds);
  return answerSettings(store, fallback);
}
