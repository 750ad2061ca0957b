// Results of the contracts and allotment requests (the Allotments screen). Re-exported by ipc.ts.
import type {
  AllotmentKind,
  CalendarDate,
  Contract,
  ContractProblem,
  ExchangeRates,
  RatesProblem,
} from './domain';

/** A stored contract with its operator's name (the agency's, as the service lists it). */
export interface ContractRow extends Contract {
  agencyName: string;
}

/** The hotel's contracts, and what a new one can name: the operators and the hotel's room type codes. */
export interface ContractsView {
  contracts: ContractRow[];
  agencies: { id: string; name: string }[];
  /** The hotel's room type codes (its own list and what channel codes are mapped to), each once, in order. */
  roomTypes: string[];
}

/** A contract saved, or refused with the reasons (nothing written); the view as it stands after. */
export interface ContractSaveResult {
  view: ContractsView;
  saved: ContractRow | null;
  problems: ContractProblem[];
}

/** One contracted night as the calendar shows it. */
export interface AllotmentCell {
  kind: AllotmentKind;
  allotted: number;
  used: number;
  asked: number;
  free: number;
  releaseOn: CalendarDate;
  released: boolean;
}

/** One operator's allotment of one room type across the window: a cell per night (null: no contract that night). */
export interface AllotmentRow {
  agencyId: string;
  agencyName: string;
  roomType: string;
  cells: (AllotmentCell | null)[];
}

/** The allotment calendar for a window of nights. */
export interface AllotmentView {
  from: CalendarDate;
  /** Every night of the window, in order (the columns). */
  nights: CalendarDate[];
  today: CalendarDate;
  rows: AllotmentRow[];
}

/** Rates saved, or refused with the reasons (nothing written). */
export interface RatesSaveResult {
  rates: ExchangeRates;
  problems: RatesProblem[];
}

/** The production written as CSV into the exports folder. */
export interface ProductionSaved {
  path: string;
}
