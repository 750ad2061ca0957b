// A failure that happened in the import worker, carried back to the main thread already classified and
// put into a sentence (error objects do not survive the thread boundary with their class).
import type { FailureKind } from './push';

export class RemoteSyncError extends Error {
  constructor(
    readonly failureKind: FailureKind,
    message: string,
    /** How long the service asked to be left alone (busy, Retry-After), or null. */
    readonly waitMs: number | null = null,
  ) {
    super(message);
    this.name = 'RemoteSyncError';
  }
}
