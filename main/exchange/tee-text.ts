// Hands a copy of a streamed body's text to `see` while it passes on unchanged (the probe's sample).
export async function* teeText(
  body: AsyncIterable<Uint8Array | string>,
  see: (text: string) => void,
): AsyncGenerator<Uint8Array | string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of body) {
    see(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    yield chunk;
  }
  see(decoder.decode());
}
