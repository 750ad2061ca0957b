// GET /api/system/login?user=&pass= : the token. Asked without format — as both public clients of the
// live service do — the answer is the JSON-quoted token whatever Accept says (they strip the quotes);
// format=xml gives a <string> element in the serialization namespace, format=json the JSON string.
import { xmlLoginToken } from '../encode-xml';
import { CONTENT_TYPE, type Reply } from '../reply';
import type { Operation, OperationRequest } from '../state';
import type { WireFormat } from '../wire';

const DENIED = 'Authorization has been denied for this request.';

/** The token's format: the asked one, else JSON (not the negotiated one, which would say XML by default). */
function tokenFormat(asked: string | null): WireFormat {
  return asked?.trim().toLowerCase() === 'xml' ? 'xml' : 'json';
}

function login({ state, query, format }: OperationRequest): Reply {
  const user = query.get('user');
  const pass = query.raw('pass');
  if (user !== state.config.user || pass !== state.config.password) {
    const body =
      format === 'json' ? JSON.stringify({ Message: DENIED }) : `<Error><Message>${DENIED}</Message></Error>`;
    return { status: 401, contentType: CONTENT_TYPE[format], body };
  }
  const token = state.tokens.issue();
  const answer = tokenFormat(query.get('format'));
  return {
    status: 200,
    contentType: CONTENT_TYPE[answer],
    body: answer === 'json' ? JSON.stringify(token) : xmlLoginToken(token),
  };
}

export const loginOperation: Operation = {
  method: 'GET',
  path: '/api/system/login',
  itemType: 'string',
  auth: 'none',
  handle: login,
};
