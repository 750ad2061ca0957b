// Practice mode: the desk talks to the practice service it starts on this PC, in a database of its own that
// starts empty with each new practice world, and answers under a practice name unless the desk has a real one.
// Also the one place that says which service a desk talks to: the practice service, or the hotel's live one.
import path from 'node:path';
import { rmSync } from 'node:fs';
import { PRACTICE_DESK_USERS, type ServiceDialect } from '../../shared/domain';
import type { CorePorts } from '../kernel/core-types';
import type { Messages } from '../kernel/messages';
import { credentialAccount, readSetup, writeSetup, type SavedSetup } from '../kernel/setup';
import type { DeskConnection } from '../operations/desk';
import { startPracticeService, type PracticeService } from '../sandbox';
import type { Store } from '../store';

const PRACTICE_USER = 'demo';
const PRACTICE_PASSWORD = 'demo';
const PRACTICE_PARTNER = 1001;

export interface PracticeOptions {
  /** Practice service size (default 400 reservations) and background arrivals (default every 45 s). */
  reservations?: number;
  evolveEveryMs?: number;
  seed?: number;
  fileReadyAfterMs?: number;
}

/** The service this desk talks to, as its setup says: the practice service while practising, else the hotel's. */
export function serviceConnection(
  s: SavedSetup,
  practice: PracticeService | null,
  settings: () => Store,
  ports: CorePorts,
  messages: Messages,
): DeskConnection {
  if (s.practiceMode)
    return {
      serviceUrl: practice?.url ?? '',
      user: PRACTICE_USER,
      partnerId: PRACTICE_PARTNER,
      format: s.format,
      getPassword: async () => PRACTICE_PASSWORD,
    };
  return {
    serviceUrl: s.serviceUrl,
    user: s.user,
    partnerId: s.partnerId ?? 0,
    format: s.format,
    dialect: s.dialect,
    onDialect: (dialect: ServiceDialect) => void writeSetup(settings(), { dialect }),
    getPassword: async () => {
      const saved = await ports.credentials.get(credentialAccount(s.serviceUrl, s.user));
      if (saved === null) throw new Error(messages.t('error.noPassword'));
      return saved;
    },
  };
}

/** Starts the practice service on a free port; a failure is said as the receptionist's sentence. */
export async function startPractice(
  options: PracticeOptions | undefined,
  ports: CorePorts,
  messages: Messages,
): Promise<PracticeService> {
  try {
    return await startPracticeService({
      port: 0,
      reservations: options?.reservations ?? 400,
      evolveEveryMs: options?.evolveEveryMs ?? 45_000,
      seed: options?.seed ?? 7,
      fileReadyAfterMs: options?.fileReadyAfterMs,
      // Training meets what the live service and real hotels bring: S and G statuses, and the cases the
      // pre-confirm checks are for (over-full rooms, men-only groups, returning guests, repeated vouchers),
      // each at a realistic rate.
      oddities: true,
      fontDir: ports.resourcesDir ? path.join(ports.resourcesDir, 'fonts') : undefined,
    });
  } catch (error) {
    throw new Error(
      messages.t('error.practiceFailed', { message: error instanceof Error ? error.message : '' }),
    );
  }
}

/** The practice database's file; removed at every start, since the practice world is new each time. */
export const practiceDatabase = (dataDir: string): string => path.join(dataDir, 'practice.db');

export function removePracticeDatabase(dataDir: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${practiceDatabase(dataDir)}${suffix}`, { force: true });
}

/** Practice on: a desk without a name answers as "Alıştırma" (Practice) while practising, and only then. */
export function enterPractice(settings: Store, messages: Messages): SavedSetup {
  const s = readSetup(settings);
  const named = s.deskUser !== '' && !s.practiceDeskUser;
  return writeSetup(settings, {
    practiceMode: true,
    ...(named ? {} : { deskUser: messages.t('activity.practiceDeskUser'), practiceDeskUser: true }),
  });
}

/** Practice off: real answers are never signed with the practice name (nor one saved before the flag existed). */
export function leavePractice(settings: Store): void {
  const s = readSetup(settings);
  const practiceName = s.practiceDeskUser || PRACTICE_DESK_USERS.includes(s.deskUser);
  writeSetup(settings, {
    practiceMode: false,
    ...(practiceName ? { deskUser: '', practiceDeskUser: false, askDeskUser: true } : {}),
  });
}
