// GET /api/system/login?user=&pass= : the token as a JSON string, or a <string> element in XML.
import { xmlLoginToken } from '../encode-xml';
import { CONTENT_TYPE, type Reply } from '../reply';
import type { Operation, OperationRequest } from '../state';

const DENIED = 'Authorization has been denied for this request.';

function login({ state, query, format }: OperationRequest): Reply {
  const user = query.get('user');
  const pass = query.raw('pass');
  if (user !== state.config.user || pass !== state.config.password) {
    const body =
      format === 'json' ? JSON.stringify({ Message: DENIED }) : `<Error><Message>${DENIED}</Message></Error>`;
    return { status: 401, contentType: CONTENT_TYPE[format], body };
  }
  const token = state.tokens.issue();
  return {
    status: 200,
    contentType: CONTENT_TYPE[format],
    body: format === 'json' ? JSON.stringify(token) : xmlLoginToken(token),
  };
}

export const loginOperation: Operation = {
  method: 'GET',
  path: '/api/system/login',
  itemType: 'string',
  auth: 'none',
  handle: login,
};
