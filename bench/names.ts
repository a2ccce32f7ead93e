/**
 * Name and date distributions for the benchmark data set (bench/generate-data.ts): a seeded PRNG,
 * weighted US surnames and given names (common names repeat, as they do in real districts), a long
 * tail of synthesised surnames, nicknames and one-letter typos.
 */
import { NICKNAME_GROUPS } from '@sv/domain';

/** mulberry32: a small, fast, seedable PRNG (deterministic data sets). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Rng = () => number;

export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

/** A weighted list sampled by binary search over cumulative weights. */
export function weighted<T>(items: readonly (readonly [T, number])[]) {
  const cum: number[] = [];
  let total = 0;
  for (const [, w] of items) {
    total += w;
    cum.push(total);
  }
  return (rng: Rng): T => {
    const x = rng() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo][0];
  };
}

/** US Census 2010 most frequent surnames with their counts in thousands (approximate). */
const TOP_SURNAMES: [string, number][] = (
  'SMITH 2442 JOHNSON 1932 WILLIAMS 1625 BROWN 1437 JONES 1425 GARCIA 1166 MILLER 1161 DAVIS 1116 ' +
  'RODRIGUEZ 1094 MARTINEZ 1060 HERNANDEZ 1043 LOPEZ 874 GONZALEZ 841 WILSON 801 ANDERSON 784 THOMAS 756 ' +
  'TAYLOR 751 MOORE 724 JACKSON 708 MARTIN 702 LEE 693 PEREZ 681 THOMPSON 664 WHITE 660 HARRIS 624 ' +
  'SANCHEZ 612 CLARK 562 RAMIREZ 557 LEWIS 531 ROBINSON 529 WALKER 523 YOUNG 484 ALLEN 482 KING 465 ' +
  'WRIGHT 458 SCOTT 439 TORRES 437 NGUYEN 437 HILL 434 FLORES 433 GREEN 430 ADAMS 427 NELSON 424 ' +
  'BAKER 419 HALL 407 RIVERA 420 CAMPBELL 371 MITCHELL 367 CARTER 362 ROBERTS 360 GOMEZ 343 PHILLIPS 342 ' +
  'EVANS 342 TURNER 335 DIAZ 334 PARKER 325 CRUZ 323 EDWARDS 323 COLLINS 317 REYES 317 STEWART 312 ' +
  'MORRIS 303 MORALES 303 MURPHY 300 COOK 294 ROGERS 294 GUTIERREZ 293 ORTIZ 287 MORGAN 286 COOPER 281 ' +
  'PETERSON 278 BAILEY 277 REED 277 KELLY 268 HOWARD 265 RAMOS 264 KIM 264 COX 262 WARD 260 RICHARDSON 260 ' +
  'WATSON 255 BROOKS 253 CHAVEZ 253 WOOD 252 JAMES 250 BENNETT 248 GRAY 247 MENDOZA 245 RUIZ 244 HUGHES 243 ' +
  'PRICE 240 ALVAREZ 240 CASTILLO 239 SANDERS 238 PATEL 238 MYERS 235 LONG 234 ROSS 233 FOSTER 232'
)
  .split(' ')
  .flatMap((tok, i, all): [string, number][] => (i % 2 === 0 ? [[tok, Number(all[i + 1])]] : []));

/** The most frequent surnames (used for the false-positive probe). */
export const COMMON_SURNAMES = TOP_SURNAMES.slice(0, 20).map(([n]) => n);

const MALE = (
  'JAMES JOHN ROBERT MICHAEL WILLIAM DAVID RICHARD JOSEPH THOMAS CHARLES CHRISTOPHER DANIEL MATTHEW ANTHONY ' +
  'MARK DONALD STEVEN PAUL ANDREW JOSHUA KENNETH KEVIN BRIAN GEORGE TIMOTHY RONALD EDWARD JASON JEFFREY RYAN ' +
  'JACOB GARY NICHOLAS ERIC JONATHAN STEPHEN LARRY JUSTIN SCOTT BRANDON BENJAMIN SAMUEL GREGORY ALEXANDER ' +
  'PATRICK FRANK RAYMOND JACK DENNIS JERRY TYLER AARON JOSE ADAM NATHAN HENRY DOUGLAS ZACHARY PETER KYLE ' +
  'NOAH ETHAN JEREMY WALTER CHRISTIAN KEITH ROGER TERRY AUSTIN SEAN GERALD CARL HAROLD DYLAN ARTHUR LAWRENCE ' +
  'JORDAN JESSE BRYAN BILLY BRUCE GABRIEL JOE LOGAN ALBERT WILLIE ALAN EUGENE RUSSELL VINCENT PHILIP BOBBY'
).split(' ');
const FEMALE = (
  'MARY PATRICIA JENNIFER LINDA ELIZABETH BARBARA SUSAN JESSICA SARAH KAREN LISA NANCY BETTY MARGARET ' +
  'SANDRA ASHLEY KIMBERLY EMILY DONNA MICHELLE CAROL AMANDA DOROTHY MELISSA DEBORAH STEPHANIE REBECCA SHARON ' +
  'LAURA CYNTHIA KATHLEEN AMY ANGELA SHIRLEY ANNA BRENDA PAMELA EMMA NICOLE HELEN SAMANTHA KATHERINE CHRISTINE ' +
  'DEBRA RACHEL CAROLYN JANET CATHERINE MARIA HEATHER DIANE RUTH JULIE OLIVIA JOYCE VIRGINIA VICTORIA KELLY ' +
  'LAUREN CHRISTINA JOAN EVELYN JUDITH MEGAN ANDREA CHERYL HANNAH JACQUELINE MARTHA GLORIA TERESA ANN SARA ' +
  'MADISON FRANCES KATHRYN JANICE JEAN ABIGAIL ALICE JUDY SOPHIA GRACE DENISE AMBER DORIS MARILYN DANIELLE'
).split(' ');

/** Zipf-like weight by rank. */
const zipf = (names: string[], s = 0.9) => names.map((n, i) => [n, 1 / (i + 1) ** s] as [string, number]);
const maleName = weighted(zipf(MALE));
const femaleName = weighted(zipf(FEMALE));
export const COMMON_GIVEN = [...MALE.slice(0, 10), ...FEMALE.slice(0, 10)];

/** Long tail: synthesised, pronounceable surnames ("Brandwick", "Holloran") with a Zipf weight. */
const ONSETS = 'B BR C CH D DR F G GR H J K L M N P R S ST SH T TR V W WH'.split(' ');
const VOWELS = 'A E I O U EA OU AI'.split(' ');
const CODAS = 'N R L S T ND RD LL NN RT SS CK'.split(' ');
const ENDINGS = 'SON TON WICK FORD LEY MAN BERG FIELD WOOD LAND ER ING HAM STEIN OFF SKI EZ INI'.split(' ');
function tailSurname(i: number): string {
  const r = mulberry32(i * 7919 + 17);
  const syll = () => pick(r, ONSETS) + pick(r, VOWELS) + pick(r, CODAS);
  return (r() < 0.3 ? syll() + syll().toLowerCase() : syll()) + pick(r, ENDINGS);
}
const TAIL_SIZE = 60_000;
const tailName = weighted(Array.from({ length: TAIL_SIZE }, (_, i) => [i, 1 / (i + 10) ** 0.75] as [number, number]));
const topSurname = weighted(TOP_SURNAMES);
const tailCache = new Map<number, string>();

/** A surname: ~25% from the census top 100 (weighted), the rest from a long Zipf tail. */
export function surname(rng: Rng): string {
  if (rng() < 0.25) return topSurname(rng);
  const i = tailName(rng);
  let s = tailCache.get(i);
  if (!s) {
    s = tailSurname(i).toUpperCase();
    tailCache.set(i, s);
  }
  return s;
}

export function givenName(rng: Rng, sex: 'M' | 'F'): string {
  return sex === 'M' ? maleName(rng) : femaleName(rng);
}

/** formal → nicknames, for names that have some. */
const NICKS = new Map<string, string[]>(NICKNAME_GROUPS.map(([f, ...n]) => [f, [...n]]));
export const hasNickname = (name: string) => NICKS.has(name);
export function nicknameOf(rng: Rng, name: string): string | null {
  const n = NICKS.get(name);
  return n && n.length > 0 ? pick(rng, n) : null;
}
/** Formal names with at least one nickname. */
export const FORMAL_WITH_NICKNAMES = [...NICKS.keys()].filter((f) => (NICKS.get(f) ?? []).length > 0);

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * One typing error: substitution, transposition, deletion or insertion. `keepFirst` keeps the
 * first letter (most real typos; a first-letter typo changes the Soundex code).
 */
export function typo(rng: Rng, name: string, keepFirst = true): string {
  if (name.length < 3) return name;
  const from = keepFirst ? 1 : 0;
  for (let attempt = 0; attempt < 10; attempt++) {
    const i = int(rng, from, name.length - 1);
    const kind = Math.floor(rng() * 4);
    let out = name;
    if (kind === 0) out = name.slice(0, i) + pick(rng, [...LETTERS]) + name.slice(i + 1);
    else if (kind === 1 && i < name.length - 1) out = name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
    else if (kind === 2) out = name.slice(0, i) + name.slice(i + 1);
    else out = name.slice(0, i) + pick(rng, [...LETTERS]) + name.slice(i);
    if (out !== name && out.length >= 2) return out;
  }
  return `${name}E`;
}

/** A date of birth between the years given, as 'YYYY-MM-DD'. */
export function dob(rng: Rng, fromYear = 1945, toYear = 2004): string {
  const y = int(rng, fromYear, toYear);
  const m = int(rng, 1, 12);
  const d = int(rng, 1, 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const CITIES: [string, string, string][] = [
  ['Springfield', 'IL', '62701'],
  ['Chicago', 'IL', '60601'],
  ['Peoria', 'IL', '61602'],
  ['Naperville', 'IL', '60540'],
  ['Rockford', 'IL', '61101'],
  ['Joliet', 'IL', '60431'],
  ['Aurora', 'IL', '60505'],
  ['Madison', 'WI', '53703'],
  ['Milwaukee', 'WI', '53202'],
  ['Indianapolis', 'IN', '46204'],
  ['Columbus', 'OH', '43215'],
  ['Des Moines', 'IA', '50309'],
  ['St. Louis', 'MO', '63101'],
  ['Dallas', 'TX', '75201'],
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Phoenix', 'AZ', '85004'],
  ['Atlanta', 'GA', '30303'],
  ['Boston', 'MA', '02108'],
  ['Portland', 'OR', '97204'],
];
