import fc from 'fast-check';
import { CANARY_PII, HOSTILE_STRINGS } from './openapi-arbitraries';

/**
 * Bodies that are not what the contract's parser expects (issue 10 §2): malformed multipart
 * (missing boundary, truncated, mismatched, hostile part headers), broken JSON text, and content
 * types the API does not accept. Each is a content type plus the raw bytes sent.
 */
export interface RawBody {
  label: string;
  contentType: string;
  payload: string | Buffer;
}

const B = 'fuzzBoundary7MA4YWxkTrZu0gW';
const part = (headers: string[], content: string | Buffer) =>
  Buffer.concat([Buffer.from(`--${B}\r\n${headers.join('\r\n')}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
const end = Buffer.from(`--${B}--\r\n`);
const mp = (label: string, payload: Buffer, contentType = `multipart/form-data; boundary=${B}`): RawBody => ({
  label,
  contentType,
  payload,
});

const fileContent = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constant(`firstname,lastname,dob\n${CANARY_PII.firstname},${CANARY_PII.lastname},${CANARY_PII.dob}\n`),
  fc.constant('name,email\n"unterminated,x\n'),
  fc.constant('{"offenders":[{"id":"1","firstName":"\\u0000"}]}'),
  fc.constant('[{"id": 2147483648}]'),
  fc.string({ maxLength: 200, unit: 'binary' }),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString('latin1')),
  // magic bytes of PNG and ZIP (XLSX) followed by garbage
  fc.constantFrom('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'PK\x03\x04\x14\0\0\0\x08\0garbage'),
);
const fileName = fc.constantFrom(
  'a.csv',
  'a.xlsx',
  'offenders.csv',
  'names.csv',
  'a.json',
  'photo.png',
  '',
  '../../etc/passwd',
  'a\u0000.csv',
  `${CANARY_PII.lastname}.csv`,
  'x'.repeat(300),
);
const fieldName = fc.constantFrom('file', 'clientId', 'buildingId', 'source', 'replace', 'x', '', 'file"; x="y');

const multipart: fc.Arbitrary<RawBody> = fc.oneof(
  // well formed: a file part (and a field) with hostile content
  fc
    .tuple(fieldName, fileName, fileContent, fc.constantFrom(...HOSTILE_STRINGS))
    .map(([name, filename, content, field]) =>
      mp(
        'multipart: well formed',
        Buffer.concat([
          part([`Content-Disposition: form-data; name="clientId"`], field),
          part(
            [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, 'Content-Type: text/csv'],
            content,
          ),
          end,
        ]),
      ),
    ),
  // no boundary parameter at all
  fileContent.map((c) => mp('multipart: missing boundary', Buffer.from(c), 'multipart/form-data')),
  fc.constant(mp('multipart: empty boundary', Buffer.from('--\r\n'), 'multipart/form-data; boundary=')),
  // truncated: the part never ends, the closing delimiter never comes
  fc.tuple(fileContent, fc.nat({ max: 120 })).map(([c, cut]) => {
    const full = Buffer.concat([
      part(['Content-Disposition: form-data; name="file"; filename="a.csv"', 'Content-Type: text/csv'], c),
      end,
    ]);
    return mp('multipart: truncated', full.subarray(0, Math.min(cut, full.length - 1)));
  }),
  // the body uses another boundary than the header declares
  fileContent.map((c) =>
    mp(
      'multipart: boundary mismatch',
      Buffer.concat([part(['Content-Disposition: form-data; name="file"; filename="a.csv"'], c), end]),
      'multipart/form-data; boundary=somethingElse',
    ),
  ),
  // part without Content-Disposition / garbage headers
  fileContent.map((c) => mp('multipart: garbage part headers', Buffer.concat([part(['Garbage'], c), end]))),
  // two files where one is allowed
  fileContent.map((c) =>
    mp(
      'multipart: two files',
      Buffer.concat([
        part(['Content-Disposition: form-data; name="file"; filename="a.csv"'], c),
        part(['Content-Disposition: form-data; name="file"; filename="b.csv"'], c),
        end,
      ]),
    ),
  ),
  // only the closing delimiter
  fc.constant(mp('multipart: no parts', end)),
  // a boundary longer than RFC 2046 allows
  fc.constant(mp('multipart: long boundary', end, `multipart/form-data; boundary=${'b'.repeat(500)}`)),
);

const brokenJson: fc.Arbitrary<RawBody> = fc
  .constantFrom<string | Buffer>(
    '',
    '{',
    '{"visitorId": 2147483648',
    'nul',
    '\u0000',
    '{"a":1}{"b":2}',
    '[',
    '['.repeat(5000),
    `{"a":${'['.repeat(3000)}`,
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    '"\\ud800"',
    '1e999999',
    `{"firstname":"${CANARY_PII.firstname}","dob":"${CANARY_PII.dob}"`,
  )
  .map((payload) => ({ label: 'json: broken text', contentType: 'application/json', payload }));

const otherTypes: fc.Arbitrary<RawBody> = fc
  .tuple(
    fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/mixed; boundary=x',
      'application/json; charset=utf-16',
      'application/octet-stream',
      'image/png',
    ),
    fc.constantFrom('a=1&b=2', '{"a":1}', '<a/>', '\u0000'),
  )
  .map(([contentType, payload]) => ({ label: `content type: ${contentType}`, contentType, payload }));

export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  { weight: 4, arbitrary: multipart },
  { weight: 2, arbitrary: brokenJson },
  { weight: 1, arbitrary: otherTypes },
);
