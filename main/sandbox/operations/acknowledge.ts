// POST /api/Pax/postsentlogids?serviceId= with {"logId":"1,2"} and/or {"logIds":"1,2"}: the desk
// reports versions as received. Only LogIds issued under that ServiceId are accepted; the answer
// lists exactly the accepted ones, so a client can see what was not.
import { argumentText, ServiceError } from '../errors';
import { parseGuid } from '../query';
import { successReply } from '../reply';
import type { Operation } from '../state';

const SHAPE = 'The body must be a JSON object like {"logIds":"101,102"} (property logId or logIds).';
// What .NET says: a body the model binder cannot use binds as null, and the service then needs it.
const NULL_BODY = argumentText('Value cannot be null.', 'logIds');
const refuse = (message: string): ServiceError => new ServiceError('InvalidBody', message, NULL_BODY);

function idsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') throw refuse(SHAPE);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function parseLogIds(body: Buffer | null): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse((body ?? Buffer.alloc(0)).toString('utf8'));
  } catch {
    throw refuse(`The body is not valid JSON. ${SHAPE}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse(SHAPE);
  const fields = new Map(Object.entries(parsed).map(([name, value]) => [name.toLowerCase(), value]));
  if (!fields.has('logid') && !fields.has('logids')) throw refuse(SHAPE);
  const texts = [...idsOf(fields.get('logid')), ...idsOf(fields.get('logids'))];
  const ids: number[] = [];
  for (const text of texts) {
    if (!/^\d{1,15}$/.test(text))
      throw new ServiceError(
        'InvalidBody',
        `'${text}' is not a LogId. ${SHAPE}`,
        'Input string was not in a correct format.',
      );
    const id = Number(text);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export const acknowledgeOperation: Operation = {
  method: 'POST',
  path: '/api/pax/postsentlogids',
  itemType: 'string',
  auth: 'token',
  readsBody: true,
  handle: ({ state, query, format, body }) => {
    const serviceId = parseGuid(query.required('serviceId'), 'PostSentLogIds');
    const accepted = state.world.acknowledge(serviceId, parseLogIds(body));
    return successReply(format, state.shape, 'string', accepted.map(String), state.shape.info.done);
  },
};
