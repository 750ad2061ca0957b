// What a path without an operation answers, the way the live stack does: under /api/ ASP.NET Web API
// routing answers 404 with its own small error object (so the other dialect's mapping path gets exactly
// what the live service gives a client speaking the spec's names); anywhere else IIS answers with its
// static-file 404 page, which a client must not take for "the service speaks another dialect".
import { escapeXml } from './encode-xml';
import { CONTENT_TYPE, textReply, type Reply } from './reply';
import type { WireFormat } from './wire';

/** Web API controllers of the service, by the lower-case route segment: the name it reports. */
const CONTROLLERS: Readonly<Record<string, string>> = { pax: 'Pax', system: 'System' };

const IIS_PAGE =
  '<!DOCTYPE html><html><head><title>404 - File or directory not found.</title></head><body>' +
  '<h2>404 - File or directory not found.</h2><h3>The resource you are looking for might have been removed, ' +
  'had its name changed, or is temporarily unavailable.</h3></body></html>';

export const STATIC_NOT_FOUND: Reply = textReply(404, IIS_PAGE, 'text/html; charset=utf-8');

/**
 * The answer for a path no operation matches. The URI in the message is the address without its
 * query: the real one echoes the query too, but that could carry a password (login) into a log.
 */
export function notFound(baseUrl: string, path: string, format: WireFormat): Reply {
  const segments = path.split('/');
  if (segments[1]?.toLowerCase() !== 'api') return STATIC_NOT_FOUND;
  const segment = segments[2] ?? '';
  const controller = CONTROLLERS[segment.toLowerCase()];
  const message = `No HTTP resource was found that matches the request URI '${baseUrl}${path}'.`;
  const detail = controller
    ? `No action was found on the controller '${controller}' that matches the request.`
    : `No type was found that matches the controller named '${segment}'.`;
  const body =
    format === 'json'
      ? JSON.stringify({ Message: message, MessageDetail: detail })
      : `<Error><Message>${escapeXml(message)}</Message><MessageDetail>${escapeXml(detail)}</MessageDetail></Error>`;
  return { status: 404, contentType: CONTENT_TYPE[format], body };
}
