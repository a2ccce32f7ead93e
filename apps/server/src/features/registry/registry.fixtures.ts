/** A multipart/form-data body for the registry upload (tests and the authorization matrix). */
export function registryMultipart(
  files: { name: string; content: string }[],
  fields: Record<string, string> = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----sv-registry-${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    const type = f.name.endsWith('.json') ? 'application/json' : 'text/csv';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(f.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small CSV trio of fictitious people (source 'ZZ' when imported with --source ZZ). */
export const SAMPLE_CSV = {
  offenders: [
    'id,dob,gender,url,photo url,absconder',
    'A1,1961-03-04,M,https://registry.example/A1,,N',
    'A2,04/15/1970,F,,,Y',
    'A3,1955,M,,,',
  ].join('\n'),
  names: [
    'id,prefix,first,middle,last,suffix,is primary',
    'A1,,Wendell,Q,Imaginaryson,,Y',
    'A1,,Wendy,,Imaginaryson,,N',
    'A2,Ms,Orla,,Fictitia,,Y',
    'A3,,Barnaby,,Nonexistent,Jr,Y',
    'A9,,Ghost,,Orphan,,Y',
  ].join('\n'),
  addresses: [
    'id,name,type,street,city,state,county,zip,lat,lon',
    'A1,home,R,1 Imaginary St,Pretendville,IL,Nowhere,00011,41.1,-87.2',
    'A2,work,E,2 Example Ave,Fauxton,WI,,00012,,',
  ].join('\n'),
};
