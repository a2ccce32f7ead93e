import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactMessage, serializeError } from './logger';

/**
 * Issue 10 §5: database errors were logged with their parameters (names, dates of birth, notes).
 * The error serializer keeps what failed and drops what was sent.
 */
const NAME = 'Zarbuckleworth';
const DOB = '1961-07-23';

/** The shape of a DrizzleQueryError wrapping a PostgreSQL / PGlite error. */
function drizzleError() {
  const cause = Object.assign(new Error(`invalid input syntax for type integer: "${NAME}"`), {
    code: '22P02',
    severity: 'ERROR',
    detail: `Key (lastname)=(${NAME}) already exists.`,
    where: `unnamed portal parameter $1 = '${NAME}'`,
    query: 'select $1::int',
    params: [NAME, DOB],
  });
  const err = new Error(`Failed query: insert into visitors (lastname, dob) values ($1, $2)\nparams: ${NAME},${DOB}`, {
    cause,
  });
  return Object.assign(err, { query: 'insert into visitors (lastname, dob) values ($1, $2)', params: [NAME, DOB] });
}

describe('serializeError', () => {
  it('keeps the statement, SQLSTATE and stack frames; drops parameters, detail and quoted values', () => {
    const out = serializeError(drizzleError());
    const text = JSON.stringify(out);
    expect(text).not.toContain(NAME);
    expect(text).not.toContain(DOB);
    expect(out.query).toBe('insert into visitors (lastname, dob) values ($1, $2)');
    expect(out.message).toBe('Failed query');
    expect(out.stack).toMatch(/^\s+at /);
    expect(out.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "[redacted]"' });
  });

  it('redacts quoted values in any message (JSON.parse quotes the body it could not read)', () => {
    expect(redactMessage(`Unexpected token 'Q', "${NAME}" is not valid JSON`)).toBe(
      `Unexpected token '[redacted]', "[redacted]" is not valid JSON`,
    );
  });

  it('through pino: a logged database error carries no parameter, and neither do body or query keys', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const opts = loggerOptions('info') as pino.LoggerOptions;
    const log = pino(opts, stream);
    log.error({ err: drizzleError(), body: { lastname: NAME }, query: { dob: DOB } }, 'failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('22P02');
    expect(lines[0]).not.toContain(NAME);
    expect(lines[0]).not.toContain(DOB);
  });
});
