// Hands a copy of a streamed body's text to `see` (the probe's sample) and passes the text on, decoded once
// in the answer's own encoding (body-text.ts), so the sample and the reader see the very same characters.
import { bodyText } from './body-text';

export async function* teeText(
  body: AsyncIterable<Uint8Array | string>,
  see: (text: string) => void,
  contentType?: string,
  operation = 'reservation file download',
): AsyncGenerator<string> {
  for await (const text of bodyText(body, contentType, operation)) {
    see(text);
    yield text;
  }
}
