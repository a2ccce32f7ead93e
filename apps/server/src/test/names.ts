/**
 * Unique test names made of letters only (issue 22: a person's name cannot hold digits), e.g.
 * `Visitor${nameTag(7)}` → "Visitorh". Distinct numbers give distinct tags.
 */
export function nameTag(n: number): string {
  let v = Math.abs(Math.trunc(n));
  let out = '';
  do {
    out = String.fromCharCode(97 + (v % 26)) + out;
    v = Math.floor(v / 26);
  } while (v > 0);
  return out;
}

/** A random letters-only tag of `length` letters (unique enough for one test run). */
export function randomNameTag(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return out;
}
