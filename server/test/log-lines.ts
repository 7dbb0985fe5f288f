import { Writable } from 'node:stream';

/** A stream for the server's logger that keeps each line it writes (JSON text), for tests that read the log. */
export function recordingStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}
