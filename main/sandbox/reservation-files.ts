// Large reservation lists delivered as files: the FileCode freezes the list at the moment of the
// request; the file becomes "ready" after a delay on the service's clock.
import { randomUUID } from 'node:crypto';
import { copyReservation, type ReservationRecord } from './reservation';
import type { WireFormat } from './wire';

export type FileShape = 'envelope' | 'list';

export interface ReservationFile {
  code: string;
  format: WireFormat;
  createdAt: number;
  items: readonly ReservationRecord[];
}

export class ReservationFiles {
  /** How downloads are shaped; switched by POST /_sandbox/file-shape so clients meet both. */
  shape: FileShape = 'envelope';
  private readonly files = new Map<string, ReservationFile>();

  constructor(
    private readonly readyAfterMs: number,
    private readonly now: () => Date,
  ) {}

  create(items: readonly ReservationRecord[], format: WireFormat): string {
    const code = randomUUID();
    this.files.set(code, {
      code,
      format,
      createdAt: this.now().getTime(),
      items: items.map(copyReservation),
    });
    return code;
  }

  find(code: string): ReservationFile | undefined {
    return this.files.get(code.toLowerCase());
  }

  isReady(file: ReservationFile): boolean {
    return this.now().getTime() - file.createdAt >= this.readyAfterMs;
  }
}
