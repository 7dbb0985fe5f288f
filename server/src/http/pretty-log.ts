import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, shown in the line's head or not at all. */
const HEAD = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

const value = (raw: unknown): string =>
  typeof raw === 'string' ? (/^[^\s"=]+$/.test(raw) ? raw : JSON.stringify(raw)) : JSON.stringify(raw);

/**
 * One JSON log line as a person reads it in a terminal: `HH:MM:SS LEVEL message key=value …`, an
 * error's stack on the lines below. A line that is not JSON passes as it is.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '--:--:--';
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry).filter(([key]) => !HEAD.has(key));
  const stacks: string[] = [];
  const pairs = fields.map(([key, raw]) => {
    const error = raw as { message?: unknown; stack?: unknown } | null;
    if ((key === 'err' || key === 'error') && error && typeof error === 'object' && typeof error.stack === 'string') {
      if (error.stack) stacks.push(error.stack.replace(/^/gm, '    '));
      return `${key}=${value(error.message)}`;
    }
    return `${key}=${value(raw)}`;
  });
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  return [[time, level, message, ...pairs].join(' ').trimEnd(), ...stacks].join('\n');
}

/** A destination for the server's logger (pino) that writes each JSON line to `out` formatted for a terminal. */
export function prettyLogStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = String(chunk).split('\n').filter(Boolean);
      out.write(lines.map((line) => `${formatLogLine(line)}\n`).join(''));
      done();
    },
  });
}
