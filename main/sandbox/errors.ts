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

/** Thrown by request validation and operations; the server turns it into a failure envelope. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
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
