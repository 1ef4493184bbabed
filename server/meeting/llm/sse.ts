/**
 * Server-sent events: yields the data of each event (multi-line data joined by
 * newlines). Comments (`: keep-alive`) and other fields are skipped.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
        // A lone \r at the end of a chunk may be half of \r\n: wait for more.
        if (!done && width === 1 && buffer[newline] === '\r' && newline === buffer.length - 1)
          break;
        buffer = buffer.slice(newline + width);
        if (line === '') {
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          const value = line.slice(5);
          data.push(value.startsWith(' ') ? value.slice(1) : value);
        }
      }
      if (done) {
        if (buffer.startsWith('data:')) data.push(buffer.slice(5).trimStart());
        finished = true;
        if (data.length) yield data.join('\n');
        return;
      }
    }
  } finally {
    // Stopped early (bad data, abort): let go of the connection.
    if (!finished) void reader.cancel().catch(() => undefined);
  }
}
