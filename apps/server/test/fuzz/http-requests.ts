import fc from 'fast-check';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { TINY_PNG } from '../helpers.js';
import type { RouteSpec } from './route-table.js';

/** The signed-up user whose token, uid and email let the requests reach the handlers. */
export interface FuzzUser {
  userId: string;
  uid: number;
  token: string;
  email: string;
  password: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A request as fast-check prints a counterexample: long values cut, bytes shown as text. */
function printable(request: FuzzRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s);
  const payload = request.payload === undefined ? '' : cut(Buffer.from(request.payload).toString('latin1'));
  return JSON.stringify({ method: request.method, url: cut(request.url), headers: request.headers, payload });
}

function fuzzRequest(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => printable(request) });
}

const HUGE_QUERY = 'q'.repeat(20_000);
const HUGE_JSON_STRING = JSON.stringify('j'.repeat(300_000));
/** A PNG signature followed by HTML, which no decoder takes (issue 14 #8). */
const POLYGLOT_PNG = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]);

/** Texts that trip parsers, number readers and databases. */
const NASTY_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n',
  '\t',
  '\u202e',
  '\u{1F600}',
  '\ud800',
  '\ufeff',
  '١٢٣',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'BTC-USDT-USDT',
  HUGE_QUERY,
];

/** Numbers as text, from edge to absurd. */
const NUMBER_TEXTS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '-0',
  '0',
  '1e-30',
  '-1',
  '1.5',
  '0.1',
  '00001',
  '1e3',
  '0x10',
  '1_000',
  '9007199254740993',
  '99999999999999999999999999999999999999',
  '0.0000000000000000000000000001',
  '123456789012345678901234567890.123456789012345678901',
  '999999999999999999.999999999999999999',
];

const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXTS, ...NUMBER_TEXTS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
);

/** Raw JSON values for a body field: the ones JSON.stringify cannot make (1e309, -0) included. */
const RAW_JSON = [
  'null',
  'true',
  'false',
  '0',
  '-0',
  '1e309',
  '-1e309',
  '1e-30',
  '-1',
  '1.5',
  '123456789012345678901234567890',
  '[]',
  '{}',
  '["a","b"]',
  '[1,2]',
  '{"toString":1}',
  '{"__proto__":{"polluted":1}}',
  '"\\u0000"',
  '"\\ud800"',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  HUGE_JSON_STRING,
];

/** Values that pass the checks, so that the handler behind them runs. */
function plausibleValues(user: FuzzUser, nowSeconds: number): Record<string, string[]> {
  return {
    uid: [String(user.uid)],
    id: [user.userId],
    user_id: [user.userId],
    email: [user.email, `Fuzz.Other@Example.com`],
    to: [user.email, String(nowSeconds)],
    from: [String(nowSeconds - 3600), '0'],
    password: [user.password],
    confirm_password: [user.password],
    // A fine one, and a common one (issue 14 #6) that is refused before any code is looked at.
    new_password: ['another-pass-1', 'qwerty123'],
    otp: ['123456', '0000'],
    name: ['Ada Lovelace'],
    phone_number: ['+44 1234 5678'],
    country: ['FR'],
    apikey: [DEFAULT_API_KEY],
    coin_id: ['1', '2'],
    coinId: ['1', 'BTC', 'USDT'],
    symbol: ['USDT', 'BTC', 'USDT', 'BTCUSDT', 'NEXA:ETHUSDT'],
    instId: ['BTC-USDT', 'ETH-USDT'],
    sz: ['5', '400'],
    order_type: ['buy', 'sell'],
    excecution_type: ['limit', 'market', 'stop-limit'],
    time_in_force: ['GTC', 'IOC', 'FOK', 'POST_ONLY'],
    price: ['100', '0.01', '50000.5'],
    stop_price: ['90'],
    amount: ['0.001', '0.01', '1'],
    total_in_usdt: ['10'],
    status: ['open', 'closed', 'all'],
    limit: ['1', '50'],
    transfer_from: ['spot', 'futures', 'funding'],
    transfer_to: ['futures', 'spot', 'funding'],
    wallet: ['spot', 'funding', 'futures'],
    resolution: ['1', '60', '1D', '1W'],
    countback: ['10', '0'],
    query: ['BT', ''],
    type: ['crypto'],
    exchange: ['NEXA'],
    orderId: ['1', '123456789012345678'],
    key: ['fuzz-key-1', 'a/b?c#d%e'],
    imageId: ['00000000-0000-0000-0000-000000000000'],
    document_type: ['drivers_license', 'passport', 'prc_id'],
    new_email: ['fuzz.moved@example.com', user.email],
    totp_code: ['123456', 'abcde-fghjk'],
    phrase: ['Blue Heron', 'ab'],
    file: ['btc.svg', 'usdt.svg'],
  };
}

const RAW_QUERY_FRAGMENTS = ['%', '%zz', '%00', '%C0%80', '%FF%FE', '&&&', '=', '==x', 'a[b]=1', 'a[]=1', '__proto__[x]=1', 'constructor[prototype][x]=1'];
const RAW_PATH_SEGMENTS = ['%00', '%zz', '%2F', '..', '%C0%AE', '%E2%80%AE', ''];
const BAD_AUTHORIZATION = ['Bearer', 'Bearer ', 'Bearer x.y.z', 'Basic dXNlcjpwYXNz', 'Bearer eyJhbGciOiJub25lIn0.e30.', `Bearer ${'a'.repeat(5000)}`];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=xyz',
  'multipart/mixed; boundary=xyz',
  'application/octet-stream',
  '*/*',
  'application/',
  ';',
  'application/json;;charset=',
  'image/png',
  `application/${'x'.repeat(1000)}`,
];

const headerText = fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,40}$/), fc.constant('k'.repeat(300)));

/** `arb`'s value about once in `n` draws, else undefined. */
function rarely<T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: send its UTF-8 replacement bytes, as a browser would.
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

function multipartPayload(boundary: string, parts: string[], end: boolean): string {
  return parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + (end ? `--${boundary}--\r\n` : '');
}

const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const file = (name: string, data: Buffer) =>
  `Content-Disposition: form-data; name="${name}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n${data.toString('latin1')}`;

/**
 * Values for `names`: all well-formed (so the handler runs), all but one, or each drawn freely. A
 * broken field among valid ones is what reaches the deepest code.
 */
function valuesFor<T>(names: string[], good: (n: string) => fc.Arbitrary<T>, bad: (n: string) => fc.Arbitrary<T>): fc.Arbitrary<T[]> {
  if (names.length === 0) return fc.constant([]);
  const allGood = fc.tuple(...names.map(good));
  return fc.oneof(
    { weight: 2, arbitrary: allGood },
    {
      weight: 3,
      arbitrary: fc
        .tuple(allGood, fc.nat(names.length - 1), fc.tuple(...names.map(bad)))
        .map(([values, broken, bads]) => values.map((v, i) => (i === broken ? bads[i] : v)) as T[]),
    },
    { weight: 1, arbitrary: fc.tuple(...names.map((n) => fc.oneof(good(n), bad(n)))) },
  );
}

export class RequestArbitraries {
  private readonly plausible: Record<string, string[]>;
  /** Every name the table and the plausible values know: a route that documents none still gets them. */
  private readonly names: string[];

  constructor(
    private readonly user: FuzzUser,
    nowSeconds: number,
    routes: readonly RouteSpec[],
  ) {
    this.plausible = plausibleValues(user, nowSeconds);
    const names = routes.flatMap((r) => [...r.queryParams, ...r.pathParams, ...r.bodyFields]);
    this.names = [...new Set(['x', 'apikey[]', ...Object.keys(this.plausible), ...names])].sort();
  }

  /** Parameters the route does not document, one to three of them, each once or twice. */
  private undocumented(): fc.Arbitrary<string[]> {
    const entry = fc
      .constantFrom(...this.names)
      .chain((name) => fc.tuple(fc.constant(name), fc.array(fc.oneof(this.good(name), nastyText), { minLength: 1, maxLength: 2 })));
    return fc
      .array(entry, { minLength: 1, maxLength: 3 })
      .map((entries) => entries.flatMap(([name, values]) => values.map((v) => `${encode(name)}=${encode(v)}`)));
  }

  private good(name: string): fc.Arbitrary<string> {
    const known = fc.constantFrom(...(this.plausible[name] ?? ['1', 'x']));
    if (name !== 'email') return known;
    return fc.oneof(known, fc.integer({ min: 0, max: 1e9 }).map((n) => `fuzz.${n}@example.com`));
  }

  private query(route: RouteSpec, withAuth: boolean): fc.Arbitrary<string> {
    const names = route.queryParams.filter((n) => n !== 'apikey');
    const good = (n: string) => this.good(n).map((v): readonly string[] => [v]);
    const bad = (n: string) =>
      fc.oneof(
        fc.constant<readonly string[]>([]),
        nastyText.map((v): readonly string[] => [v]),
        fc.tuple(fc.oneof(this.good(n), nastyText), fc.oneof(this.good(n), nastyText)),
      );
    const apikey = withAuth
      ? fc.oneof({ weight: 8, arbitrary: good('apikey') }, { weight: 1, arbitrary: bad('apikey') })
      : fc.oneof(good('apikey'), bad('apikey'));
    return fc
      .tuple(
        valuesFor(names, good, bad),
        apikey,
        rarely(this.undocumented(), names.length === 0 ? 2 : 4),
        rarely(fc.constantFrom(...RAW_QUERY_FRAGMENTS), 8),
      )
      .map(([values, keys, extra, raw]) => {
        const pairs: string[] = [];
        names.forEach((n, i) => values[i]?.forEach((v) => pairs.push(`${n}=${encode(v)}`)));
        keys.forEach((v) => pairs.push(`apikey=${encode(v)}`));
        if (extra) pairs.push(...extra);
        if (raw) pairs.push(raw);
        return pairs.length > 0 ? `?${pairs.join('&')}` : '';
      });
  }

  private path(route: RouteSpec): fc.Arbitrary<string> {
    const good = (n: string) => this.good(n).map(encode);
    const bad = () => fc.oneof(nastyText.map(encode), fc.constantFrom(...RAW_PATH_SEGMENTS));
    return valuesFor(route.pathParams, good, bad).map((values) =>
      route.pathParams.reduce((p, name, i) => p.replace(`{${name}}`, values[i] ?? ''), route.path),
    );
  }

  private jsonObject(fields: string[]): fc.Arbitrary<string> {
    const names = fields.length > 0 ? fields : ['x'];
    // A number-like value goes both as a JSON number and as a string, as clients send either.
    const good = (n: string) =>
      this.good(n).chain((v) => (/^\d+(\.\d+)?$/.test(v) ? fc.constantFrom(v, JSON.stringify(v)) : fc.constant(JSON.stringify(v))));
    const bad = (): fc.Arbitrary<string | undefined> =>
      fc.oneof(nastyText.map((v) => JSON.stringify(v)), fc.constantFrom(...RAW_JSON), fc.constant(undefined));
    return fc
      .tuple(
        valuesFor<string | undefined>(names, good, bad),
        rarely(fc.constantFrom('"__proto__":{"admin":true}', '"constructor":{"prototype":{"x":1}}', '"extra":1'), 6),
      )
      .map(([values, extra]) => {
        const entries = names.flatMap((n, i) => (values[i] === undefined ? [] : [`${JSON.stringify(n)}:${values[i]}`]));
        if (extra) entries.push(extra);
        return `{${entries.join(',')}}`;
      });
  }

  private multipart(route: RouteSpec): fc.Arbitrary<Body> {
    const names = route.form?.fields ?? (route.bodyFields.length > 0 ? route.bodyFields : ['name', 'phone_number']);
    const fileNames = route.form?.files ?? ['user_profile'];
    const boundary = 'fuzzBoundary42';
    const withBoundary = `multipart/form-data; boundary=${boundary}`;
    const fieldParts = valuesFor(names, (n) => this.good(n), () => nastyText).map((vs) => names.map((n, i) => field(n, vs[i] ?? '')));
    const image = fc.constantFrom(TINY_PNG, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), POLYGLOT_PNG, Buffer.from('not an image'), Buffer.alloc(0));
    // Each file field with an image (good or bad) or left out.
    const fileParts = fc.tuple(...fileNames.map((name) => fc.option(image).map((img) => (img ? [file(name, img)] : []))));
    const firstFile = fileNames[0] ?? 'user_profile';
    return fc.oneof(
      fc.tuple(fieldParts, fileParts).map(([parts, files]) => ({
        contentType: withBoundary,
        payload: multipartPayload(boundary, [...parts, ...files.flat()], true),
      })),
      fieldParts.map((parts) => ({ contentType: 'multipart/form-data', payload: multipartPayload(boundary, parts, true) })),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ contentType: withBoundary, payload: Buffer.from(bytes) })),
      fieldParts.map((parts) => ({ contentType: withBoundary, payload: multipartPayload(boundary, parts, false).slice(0, -2) })),
      fieldParts.map((parts) => ({
        contentType: withBoundary,
        payload: multipartPayload(boundary, [...parts, file(firstFile, TINY_PNG), file(firstFile, TINY_PNG)], true),
      })),
      fc.constant({
        contentType: withBoundary,
        payload: multipartPayload(boundary, Array.from({ length: 12 }, (_, i) => field(`f${i}`, 'x')), true),
      }),
      fc.constant({ contentType: withBoundary, payload: multipartPayload(boundary, [field('__proto__', 'x')], true) }),
      fc.constant({ contentType: withBoundary, payload: multipartPayload(boundary, ['no disposition header\r\n\r\nvalue'], true) }),
      fc.constant({
        contentType: withBoundary,
        payload: multipartPayload(boundary, [`Content-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n{bad`], true),
      }),
    );
  }

  private body(route: RouteSpec): fc.Arbitrary<Body> {
    const fields = route.bodyFields;
    const json = (payload: string): Body => ({ contentType: 'application/json', payload });
    return fc.oneof(
      { weight: fields.length > 0 ? 2 : 12, arbitrary: fc.constant<Body>({}) },
      { weight: fields.length > 0 ? 12 : 4, arbitrary: this.jsonObject(fields).map(json) },
      { weight: 1, arbitrary: fc.constantFrom('[]', '[{}]', '"text"', '5', 'null', 'true', '1e309').map(json) },
      { weight: 1, arbitrary: fc.constantFrom('{"a":', '{', '}', "{'a':1}", '\u0000', '{"a":1}garbage', '\ufeff{}', '').map(json) },
      { weight: route.form ? 12 : fields.length > 0 ? 3 : 1, arbitrary: this.multipart(route) },
      {
        weight: 1,
        arbitrary: this.jsonObject(fields).map((p) => ({ contentType: 'application/x-www-form-urlencoded', payload: `a=${encode(p)}` })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.uint8Array({ maxLength: 64 })).map(([contentType, bytes]) => ({
          contentType,
          payload: Buffer.from(bytes),
        })),
      },
      { weight: 1, arbitrary: fc.constant(json(`{"x":"${'b'.repeat(1024 * 1024 + 10)}"}`)) },
    );
  }

  private headers(withAuth: boolean): fc.Arbitrary<Record<string, string>> {
    const auth = withAuth
      ? fc.oneof({ weight: 8, arbitrary: fc.constant(`Bearer ${this.user.token}`) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_AUTHORIZATION) })
      : fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_AUTHORIZATION) });
    return fc
      .record({
        authorization: auth,
        'idempotency-key': rarely(headerText, 4),
        'x-forwarded-for': rarely(headerText, 8),
        accept: rarely(fc.constantFrom('*/*', 'text/html', 'application/xml', ';;;'), 6),
      })
      .map((h) => Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined)));
  }

  /** Any request to `route`: the path, query, headers and body each well-formed or not. */
  request(route: RouteSpec, withAuth: boolean): fc.Arbitrary<FuzzRequest> {
    const method = route.method === 'GET' ? fc.oneof({ weight: 8, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constant('HEAD') }) : fc.constant(route.method);
    return fc
      .tuple(
        method,
        this.path(route),
        this.query(route, withAuth),
        this.headers(withAuth),
        this.body(route),
        rarely(fc.constantFrom(...CONTENT_TYPES), 8),
        rarely(fc.constantFrom('0', '5', '999999'), 20),
      )
      .map(([m, path, query, headers, body, contentType, contentLength]) => {
        const all = { ...headers };
        const type = contentType ?? body.contentType;
        if (type !== undefined && body.payload !== undefined) all['content-type'] = type;
        if (contentLength !== undefined && body.payload !== undefined) all['content-length'] = contentLength;
        return fuzzRequest({ method: m, url: `${path}${query}`, headers: all, payload: body.payload });
      });
  }
}
