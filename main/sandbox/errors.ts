// The error codes the practice service answers with, and the HTTP status of each (docs/practice-service.md).
// Malformed requests are 400; refusals about well-formed requests are 200 with IsSuccessful false, the
// way the real .NET service reports business failures inside the envelope.

export const ERROR_STATUS = {
  MissingParameter: 400,
  InvalidDate: 400,
  InvalidGuid: 400,
  InvalidStatus: 400,
  InvalidParameter: 400,
  NoteTooLong: 400,
  InvalidBody: 400,
  BodyTooLarge: 413,
  Unauthorized: 401,
  PartnerNotAuthorized: 200,
  UnknownAgency: 200,
  UnknownKeyField: 200,
  UnknownMessage: 200,
  NotWaiting: 200,
  UnknownFileCode: 200,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Error.Code in the original dialect: the live service's codes are numeric strings (the reference shows
 * "12" for a value breaking a rule), so each of our cases has a number of its own. Nothing public lists
 * the live numbers beyond that one; these are the practice service's (docs/practice-service.md).
 */
export const NUMERIC_ERROR_CODES: Readonly<Record<ErrorCode, string>> = {
  Unauthorized: '1',
  PartnerNotAuthorized: '2',
  MissingParameter: '10',
  InvalidParameter: '11',
  NoteTooLong: '12',
  InvalidDate: '13',
  InvalidStatus: '14',
  InvalidGuid: '15',
  InvalidBody: '16',
  BodyTooLarge: '17',
  UnknownAgency: '20',
  UnknownKeyField: '21',
  UnknownMessage: '22',
  NotWaiting: '23',
  UnknownFileCode: '24',
};

/** .NET's ArgumentException text: the sentence, then the parameter on a line of its own. */
export const argumentText = (sentence: string, parameter: string): string =>
  `${sentence}\r\nParameter name: ${parameter}`;

/** .NET's ArgumentOutOfRangeException text, with the value it was given. */
export const outOfRangeText = (parameter: string, actual: string): string =>
  `${argumentText('Specified argument was out of the range of valid values.', parameter)}\r\nActual value was ${actual}.`;

/** Thrown by request validation and operations; the server turns it into a failure envelope. */
export class ServiceError extends Error {
  /** The raw .NET exception text the original dialect sends instead (the same sentence where none fits). */
  readonly dotNetMessage: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    dotNetMessage?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.dotNetMessage = dotNetMessage ?? message;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** What a .NET client really receives when a guid does not parse: the raw exception text. */
export function dotNetGuidFailure(action: string): string {
  return [
    'System.FormatException: Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).',
    '   at System.Guid.GuidResult.SetFailure(ParseFailureKind failure, String failureMessageID, Object failureMessageArgument, String failureArgumentName, Exception innerException)',
    '   at System.Guid.TryParseGuidWithNoStyle(String guidString, GuidResult& result)',
    '   at System.Guid.TryParseGuid(String g, GuidStyles flags, GuidResult& result)',
    '   at System.Guid..ctor(String g)',
    `   at Stay.Pms.Service.Controllers.PaxController.${action}()`,
  ].join('\r\n');
}
