// The hotel's vocabulary, shared by main and renderer: plain data only, each concept in a file of its own under
// shared/domain/ (a reservation and the service's words, the pre-confirm checks, the inbox, versions and answers,
// code mappings, the PMS list and exports). Importers name this file; the concept files name each other.
export * from './reservation';
export * from './checks';
export * from './inbox';
export * from './answers';
export * from './mapping';
export * from './pms-entry';
export * from './contracts';
export * from './production';
