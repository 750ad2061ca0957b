// Result types of the contract's PMS-entry and CSV-export requests. The PMS-entry shapes are the
// domain's, as the store reads them out.
import type { ExportKind, PmsVersionRef, UnmappedCode } from './domain';

export type {
  ExportKind,
  ExportScope,
  MarkEnteredResult,
  MarkSkipReason,
  PmsEntryMark,
  PmsEntryState,
  PmsEntryView,
  PmsVersionRef,
  ToEnterCounts,
  ToEnterPage,
  ToEnterRow,
  UnmappedCode,
} from './domain';

export interface ExportPreview {
  kind: ExportKind;
  /** Lines the CSV will have (without the header). */
  rows: number;
  reservations: number;
  unmapped: UnmappedCode[];
  /** Reservations the export would let you mark as entered (scope to-enter only). */
  markable: number;
}

export interface ExportResult {
  /** Absolute path of the CSV, inside <dataDir>/exports. */
  path: string;
  /** Arrivals only: the printable HTML written beside the CSV. */
  htmlPath: string | null;
  rows: number;
  reservations: number;
  unmapped: UnmappedCode[];
  /** Plain sentence (unmapped codes, nothing to export), else null. */
  warning: string | null;
  /** Scope to-enter: the versions exported, to pass to markEntered once typed into the PMS. */
  markable: PmsVersionRef[];
}
