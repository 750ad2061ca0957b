// A reservation's guests as rows of SQL, on each engine, as the exports and their counts read them: its guests_json
// array, read by json_each on SQLite (g.key, the guest's position) and on PostgreSQL, where guests_json is text
// checked as JSON, by json_array_elements WITH ORDINALITY (g.ord, 1-based).
import type { EngineName } from './engines/per-engine';
import { guestValueSql } from './reservations-columns';

/** A field of the guest row `g`. */
export const guest = (field: Parameters<typeof guestValueSql>[1]): string => guestValueSql('g', field);

export const guestsLength = (engine: EngineName, alias: string): string =>
  engine === 'postgres'
    ? `json_array_length(${alias}.guests_json::json)`
    : `json_array_length(${alias}.guests_json)`;
export const guestPosition = (engine: EngineName): string =>
  engine === 'postgres' ? '(g.ord - 1)' : 'g.key';
export const guestsOf = (engine: EngineName, alias: string): string =>
  engine === 'postgres'
    ? `LATERAL json_array_elements(${alias}.guests_json::json) WITH ORDINALITY AS g(value, ord)`
    : `json_each(${alias}.guests_json) g`;
