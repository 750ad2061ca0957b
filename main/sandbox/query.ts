// Query parameters as the .NET service binds them: names case-insensitive, first value wins, and
// each parameter validated into a ServiceError with a specific code.
import { parseRequestDate } from './calendar';
import { argumentText, dotNetGuidFailure, ServiceError } from './errors';

export class Query {
  private readonly values = new Map<string, string>();
  /** Lower-case name → the name as the client spelled it (the first one, like the values). */
  private readonly spellings = new Map<string, string>();

  constructor(search: URLSearchParams) {
    for (const [name, value] of search) {
      const key = name.toLowerCase();
      if (!this.values.has(key)) {
        this.values.set(key, value);
        this.spellings.set(key, name);
      }
    }
  }

  /** Which of these (lower-case) names the request carried, spelled as sent. */
  present(lowerNames: readonly string[]): string[] {
    return lowerNames.flatMap((name) => {
      const spelled = this.spellings.get(name);
      return spelled === undefined ? [] : [spelled];
    });
  }

  /** The value, or null when absent. An empty value counts as absent, as model binding does. */
  get(name: string): string | null {
    const value = this.values.get(name.toLowerCase());
    return value === undefined || value === '' ? null : value;
  }

  /** The raw value including an empty one (notes may legitimately be empty). */
  raw(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null;
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === null)
      throw new ServiceError(
        'MissingParameter',
        `The parameter '${name}' is required.`,
        argumentText('Value cannot be null.', name),
      );
    return value;
  }
}

const GUID = /^[{(]?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})[})]?$/i;

/** A guid in any of .NET's accepted forms, normalized to lower-case with dashes. */
export function parseGuid(text: string, action: string): string {
  const match = GUID.exec(text.trim());
  if (!match) throw new ServiceError('InvalidGuid', dotNetGuidFailure(action));
  return match.slice(1, 6).join('-').toLowerCase();
}

export function parseDateParameter(query: Query, name: string): string {
  const text = query.required(name);
  const date = parseRequestDate(text);
  if (date === null) {
    throw new ServiceError(
      'InvalidDate',
      `The parameter '${name}' must be a date in the format MM.dd.yyyy (got '${text}').`,
      'String was not recognized as a valid DateTime.',
    );
  }
  return date;
}

export function parseInteger(text: string, name: string): number {
  if (!/^[+-]?\d{1,9}$/.test(text.trim())) {
    throw new ServiceError(
      'InvalidParameter',
      `The value '${text}' is not valid for ${name}.`,
      'Input string was not in a correct format.',
    );
  }
  return Number(text);
}

export function parseBoolean(text: string, name: string): boolean {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ServiceError(
    'InvalidParameter',
    `The value '${text}' is not valid for ${name}.`,
    'String was not recognized as a valid Boolean.',
  );
}

/**
 * The hotel number, under the dialect's parameter name (partnerId or paximumId), when present must be
 * the hotel the demo user belongs to. The other dialect's name is an unknown parameter to the service
 * and is ignored, as model binding ignores any parameter it has no argument for.
 */
export function checkPartner(query: Query, parameter: string, expected: number, required: boolean): void {
  const text = required ? query.required(parameter) : query.get(parameter);
  if (text === null) return;
  if (parseInteger(text, parameter) !== expected) {
    throw new ServiceError(
      'PartnerNotAuthorized',
      `User is not authorized for partner ${text.trim()}.`,
      argumentText(`The user is not authorized for hotel ${text.trim()}.`, parameter),
    );
  }
}
