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
  ToEnterPage,
  ToEnterRow,
  UnmappedCode,
} from './domain';
