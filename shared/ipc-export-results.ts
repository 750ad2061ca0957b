// Result types of the contract's PMS-entry and CSV-export requests: the domain's shapes, as the store
// reads them out and the export writes them.
export type {
  ExportKind,
  ExportPreview,
  ExportResult,
  ExportScope,
  MarkEnteredResult,
  MarkSkipReason,
  PmsEntryMark,
  PmsEntryState,
  PmsEntryView,
  PmsVersionRef,
  ToEnterCounts,
  UnmappedCode,
} from './domain';
import type { CheckMarker, ToEnterCounts, ToEnterRow as StoredToEnterRow } from './domain';

/** A row of the PMS list as the renderer gets it: the store's row with its check markers. */
export interface ToEnterRow extends StoredToEnterRow {
  checks: CheckMarker[];
}

export interface ToEnterPage {
  /** Oldest check-in first. */
  rows: ToEnterRow[];
  total: number;
  counts: ToEnterCounts;
}
