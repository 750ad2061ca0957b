import { describe, expect, it } from 'vitest';
import { parseToken } from '../../../main/exchange/session';

describe('login token shapes', () => {
  it.each([
    ['a JSON-quoted string', '"3f2a9c0e-11aa-4bb2-9cc3-0d4e5f6a7b8c"'],
    ['a JSON-quoted string with a BOM and spaces', '\uFEFF  "3f2a9c0e-11aa-4bb2-9cc3-0d4e5f6a7b8c"\r\n'],
    ['a bare string', '3f2a9c0e-11aa-4bb2-9cc3-0d4e5f6a7b8c'],
    [
      'an XML string element',
      '<string xmlns="http://schemas.microsoft.com/2003/10/Serialization/">3f2a9c0e-11aa-4bb2-9cc3-0d4e5f6a7b8c</string>',
    ],
    [
      'a prefixed XML string element',
      '<?xml version="1.0"?><a:string xmlns:a="urn:x">3f2a9c0e-11aa-4bb2-9cc3-0d4e5f6a7b8c</a:string>',
    ],
  ])('accepts %s', (_shape, body) => {
    expect(parseToken(body)).toBe('3f2a9c0e-11aa-4bb2-9cc3-0d4e5f6a7b8c');
  });

  it.each([
    ['an empty body', ''],
    ['a JSON object', '{"Data":"abc"}'],
    ['broken JSON', '"abc'],
    ['broken XML', '<string>abc'],
    ['a value with spaces (it would break the headers)', '"abc def"'],
    ['a value with a line break', '"abc\\ndef"'],
    ['an HTML page', '<html><body>Login</body></html>'],
  ])('refuses %s', (_shape, body) => {
    expect(parseToken(body)).toBeNull();
  });
});
