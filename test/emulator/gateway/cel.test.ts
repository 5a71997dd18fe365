/**
 * Every macro on ngrok's macros page (https://ngrok.com/docs/traffic-policy/macros/), each
 * documented example with the result the page shows, evaluated by testPolicy: set-vars keeps
 * an expression's value, and a failure is answered as ngrok's ERR_NGROK_2253.
 */
import { FakeClock } from "../../../clock";
import { PolicyRefusal, testPolicy, type PolicyRequest, type PolicyTestOptions } from "../../../emulator";

const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "utf8"));

const REQUEST: PolicyRequest = {
  method: "POST",
  url: "https://app.example.com/search?q=hello&search=a&search=b",
  headers: {
    "User-Agent": "Mozilla/5.0 (compatible; Google-Images)",
    "X-Version-Id": "7",
    "X-Json-Array": '["first entry", "second"]',
    "Content-Type": "application/json; charset=UTF-8",
    Cookie: "session=abc; theme=dark; session=second",
  },
  body: "{}",
};

/** The upstream's answer, for the response macros: two cookies of one name, the longer path first when read. */
const UPSTREAM = {
  status: 200,
  headers: { "Content-Type": "application/json; charset=utf-8", "Set-Cookie": ["_device_id=desktop; Path=/", "_device_id=mobile-phone-14; Path=/app/phones; Secure"] },
  body: "{}",
};

const OPTIONS: PolicyTestOptions = {
  upstream: () => UPSTREAM,
  secrets: { "vault-name": { "secret-name": "s3cret" } },
  random: () => 0.75,
  clock: new FakeClock({ start: Date.parse("2026-03-01T12:00:00Z") }),
};

type Outcome = { value: unknown } | { error: string };
type Row = [expression: string, expected: Outcome, request?: Partial<PolicyRequest>];

const is = (value: unknown): Outcome => ({ value });
const fails = (error: string): Outcome => ({ error });

/** Evaluates `expression` in on_http_request, or in on_http_response when `response` is set. */
async function evaluate(expression: string, request: Partial<PolicyRequest> = {}, response = false): Promise<Outcome> {
  const setVars = { actions: [{ type: "set-vars", config: { vars: [{ v: `\${${expression}}` }] } }] };
  const policy = response ? { on_http_response: [setVars] } : { on_http_request: [setVars, { actions: [{ type: "custom-response", config: { status_code: 200, body: "ok" } }] }] };
  let r;
  try {
    r = await testPolicy(policy, { ...REQUEST, ...request }, OPTIONS);
  } catch (err) {
    // Refused before it runs: an undeclared name or a type error, as ngrok refuses the policy when it is saved.
    if (err instanceof PolicyRefusal) return { error: `${err.code}: ${err.message}` };
    throw err;
  }
  if (r.failure !== undefined) return { error: `${r.failure.code}: ${r.failure.message}` };
  return { value: r.vars[response ? "on_http_response" : "on_http_request"]?.["v"] };
}

function check(actual: Outcome, expected: Outcome): void {
  if ("error" in expected) {
    expect(actual).toHaveProperty("error");
    expect((actual as { error: string }).error).toContain(expected.error);
  } else expect(actual).toEqual(expected);
}

/** Section of the page → its rows. Results are as the page shows them (ints as numbers, bytes as bytes). */
const MACROS: Record<string, Row[]> = {
  "base64.decode": [
    ["base64.decode('aGVsbG8=')", is(bytes("hello"))],
    ["base64.decode('aGVsbG8')", fails("illegal base64")],
  ],
  "base64.encode": [["base64.encode(b'hello')", is("aGVsbG8=")]],
  "basic_auth.encode": [
    ["basic_auth.encode('username', 'password1')", is("Basic dXNlcm5hbWU6cGFzc3dvcmQx")],
    ["basic_auth.encode('username', 'password1') == 'Basic dXNlcm5hbWU6cGFzc3dvcmQx'", is(true)],
  ],
  "bytes.size": [
    ["b'hello'.size()", is(5)],
    ["size(b'world!')", is(6)],
  ],
  getReqCookie: [
    ["getReqCookie('session').value", is("abc")],
    ["getReqCookie('session').secure", is(false)],
    ["getReqCookie('none')", fails("no cookie named 'none' on the request")],
  ],
  getReqHeader: [
    ["getReqHeader('User-Agent')", is(["Mozilla/5.0 (compatible; Google-Images)"])],
    ["getReqHeader('User-Agent').exists(v, v.matches('(?i)google-images'))", is(true)],
    ["getReqHeader('X-None')", is([])],
  ],
  getQueryParam: [
    ["getQueryParam('search')", is(["a", "b"])],
    ["size(getQueryParam('q')) == 0", is(false)],
    ["size(getQueryParam('q')) == 0", is(true), { url: "https://app.example.com/search" }],
  ],
  hasQueryParam: [
    ["hasQueryParam('query')", is(false)],
    ["hasQueryParam('q')", is(true)],
  ],
  hasReqCookie: [
    ["hasReqCookie('session')", is(true)],
    ["hasReqCookie('session')", is(false), { headers: {} }],
  ],
  hasReqHeader: [
    ["hasReqHeader('Authorization')", is(false)],
    ["hasReqHeader('X-Version-Id')", is(true)],
  ],
  "list.all": [["[1, 2, 3].all(x, x > 0)", is(true)]],
  "list.encodeJson": [['["a","b","c"].encodeJson()', is('["a","b","c"]')]],
  "list.exists": [["[1, -2, 3].exists(x, x > 0)", is(true)]],
  "list.exists_one": [["[1, 2, 3].exists_one(x, x == 2)", is(true)]],
  "list.filter": [["[1, 2, 3].filter(x, x > 1)", is([2, 3])]],
  "list.join": [
    ["['hello', 'mellow'].join()", is("hellomellow")],
    ["['hello', 'mellow'].join(' ')", is("hello mellow")],
    ["[].join()", is("")],
    ["[].join('/')", is("")],
  ],
  "list.map": [
    ["[1, 2, 3].map(n, n * n)", is([1, 4, 9])],
    ["[1, 2, 3, 4].map(num, num % 2 == 0, num * 2)", is([4, 8])],
  ],
  "list.size": [
    ["['hello', 'world'].size()", is(2)],
    ["size(['hello', 'world'])", is(2)],
  ],
  "list.slice": [
    ["[1,2,3,4].slice(1, 3)", is([2, 3])],
    ["[1,2,3,4].slice(2, 4)", is([3, 4])],
    ["[1,2,3,4].slice(3, 5)", fails("cannot slice")],
  ],
  "list.flatten": [
    ["[1,[2,3],[4]].flatten()", is([1, 2, 3, 4])],
    // The page says "recursively", but its results are one level deep without a depth (as cel-go's lists extension).
    ["[1,[2,[3,4]]].flatten()", is([1, 2, [3, 4]])],
    ["[1,2,[],[],[3,4]].flatten()", is([1, 2, 3, 4])],
    ["[1,[2,[3,[4]]]].flatten(2)", is([1, 2, 3, [4]])],
    ["[1,[2,[3,[4]]]].flatten(-1)", fails("level must be non-negative")],
  ],
  "list.sort": [
    ["[3, 2, 1].sort()", is([1, 2, 3])],
    ['["b", "c", "a"].sort()', is(["a", "b", "c"])],
    ['[1, "b"].sort()', fails("same type")],
    ["[[1, 2, 3]].sort()", fails("comparable")],
  ],
  "list.sortBy": [
    // The page's example builds `Player` messages, a type ngrok's environment does not declare; the same with maps.
    ["[{'name': 'foo', 'score': 0}, {'name': 'bar', 'score': -10}, {'name': 'baz', 'score': 1000}].sortBy(e, e.score).map(e, e.name)", is(["bar", "foo", "baz"])],
    ["[{'s': [1]}].sortBy(e, e.s)", fails("comparable")],
  ],
  "list.distinct": [
    ["[1, 2, 2, 3, 3, 3].distinct()", is([1, 2, 3])],
    ['["b", "b", "c", "a", "c"].distinct()', is(["b", "c", "a"])],
    ['[1, "b", 2, "b"].distinct()', is([1, "b", 2])],
  ],
  "lists.range": [["lists.range(5)", is([0, 1, 2, 3, 4])]],
  // The page shows no example for most map macros: each is run on a small map.
  "map.all": [["{'a': 1, 'b': 2}.all(k, k != 'c')", is(true)]],
  "map.encodeJson": [["{'b': '2', 'a': ['x']}.encodeJson()", is('{"a":["x"],"b":"2"}')]],
  "map.encodeQueryString": [["{'q': 'policy', 'a': 'b c'}.encodeQueryString()", is("a=b+c&q=policy")]],
  "map.exists": [["{'a': 1, 'b': 2}.exists(k, k == 'b')", is(true)]],
  "map.exists_one": [["{'a': 1, 'b': 2}.exists_one(k, k != 'a')", is(true)]],
  "map.filter": [["{'a': 1, 'b': 2}.filter(k, k != 'a')", is(["b"])]],
  "map.map": [
    ["{'a': 1, 'b': 2}.map(k, k + '!')", is(["a!", "b!"])],
    ["{'a': 1, 'b': 2}.map(k, k == 'b', k + '!')", is(["b!"])],
  ],
  "map.size": [["size({1: true, 2: false})", is(2)]],
  "queryString.decode": [
    ['queryString.decode("a=b&c=d")', is({ a: "b", c: "d" })],
    ['queryString.decode(req.url.query)["q"] == "hello"', is(true)],
  ],
  "queryString.encode": [
    ["queryString.encode({'a': 'b', 'c': 'd'})", is("a=b&c=d")],
    ['queryString.encode({"q":"policy"}) == req.url.query', is(true), { url: "https://app.example.com/?q=policy" }],
  ],
  // OPTIONS.random answers 0.75.
  "rand.double": [
    ["rand.double()", is(0.75)],
    ["rand.double() >= 0.5", is(true)],
  ],
  "rand.int": [
    ["rand.int() == 1", is(true)],
    ["rand.int(0, 10) >= 5", is(true)],
    ["rand.int(0, 10)", is(8)],
    ["rand.int(10, 0)", fails("min must not be larger than max")],
    ["rand.int(-1, 3)", fails("positive")],
  ],
  "secrets.get": [
    ['secrets.get("vault-name", "secret-name")', is("s3cret")],
    ['secrets.get("vault-name", "other")', fails("no secret 'other' in vault 'vault-name'")],
  ],
  "string.matches": [
    ['matches("foobar", "foo.*")', is(true)],
    ['"foobar".matches("foo.*")', is(true)],
    ['matches("hello", "^h.*o$")', is(true)],
    ['"hello".matches("^h.*o$")', is(true)],
    ['matches("test", "fail")', is(false)],
    ['"test".matches("fail")', is(false)],
  ],
  "string.startsWith": [
    ['"hello world".startsWith("hello")', is(true)],
    ['"foobar".startsWith("foo")', is(true)],
    ['"ngrok".startsWith("rocks")', is(false)],
    ['"test".startsWith("")', is(true)],
  ],
  "string.endsWith": [
    ['"hello world".endsWith("world")', is(true)],
    ['"foobar".endsWith("bar")', is(true)],
    ['"ngrok".endsWith("rocks")', is(false)],
    ['"test".endsWith("")', is(true)],
  ],
  "string.contains": [
    ['"hello world".contains("world")', is(true)],
    ['"foobar".contains("baz")', is(false)],
    ['"ngrok".contains("gro")', is(true)],
    ['"test".contains("")', is(true)],
  ],
  "string.charAt": [
    ["'hello'.charAt(4)", is("o")],
    ["'hello'.charAt(5)", is("")],
    ["'hello'.charAt(-1)", fails("index -1 out of bounds")],
  ],
  "string.size": [
    ['"hello".size()', is(5)],
    ['size("world!")', is(6)],
  ],
  "string.indexOf": [
    ["'hello mellow'.indexOf('')", is(0)],
    ["'hello mellow'.indexOf('ello')", is(1)],
    ["'hello mellow'.indexOf('jello')", is(-1)],
    ["'hello mellow'.indexOf('', 2)", is(2)],
    ["'hello mellow'.indexOf('ello', 2)", is(7)],
  ],
  "string.format": [
    ['"hello %s".format(["world"])', is("hello world")],
    ['"integer: %d".format([42])', is("integer: 42")],
    ['"%f".format([3.14])', is("3.140000")],
    ['"%x".format([26])', is("1a")],
    ['"binary: %b".format([5])', is("binary: 101")],
    ['"bool: %b".format([true])', is("bool: 1")],
  ],
  "string.lastIndexOf": [
    ["'hello mellow'.lastIndexOf('')", is(12)],
    ["'hello mellow'.lastIndexOf('ello')", is(7)],
    ["'hello mellow'.lastIndexOf('jello')", is(-1)],
    ["'hello mellow'.lastIndexOf('ello', 6)", is(1)],
    ["'hello mellow'.lastIndexOf('ello', 20)", fails("index 20 out of bounds")],
    ["'hello mellow'.lastIndexOf('ello', -1)", fails("index -1 out of bounds")],
  ],
  "string.split": [
    ["'hello mellow'.split()", is(["hello", "mellow"])],
    ["'hello mellow'.split(' ', 1)", is(["hello"])],
    ["'hello,mellow,hi'.split(',')", is(["hello", "mellow", "hi"])],
    ["'hello,mellow,hi'.split(',', 2)", is(["hello", "mellow"])],
  ],
  "string.replace": [
    ["'hello mellow'.replace('l', 'L')", is("heLLo meLLow")],
    ["'hello mellow'.replace('l', 'L', 2)", is("heLLo mellow")],
    ["'hello mellow'.replace('x', 'X')", is("hello mellow")],
  ],
  "string.decodeBase64": [['"c29tZTp0aGluZw==".decodeBase64()', is("some:thing")]],
  "string.decodeJson": [['"{\\"a\\":\\"b\\"}".decodeJson()', is({ a: "b" })]],
  "string.decodeQueryString": [['"a=b&c=d".decodeQueryString()', is({ a: "b", c: "d" })]],
  "string.encodeBase64": [['"some:thing".encodeBase64()', is("c29tZTp0aGluZw==")]],
  "string.escapeUrl": [['"i;md/r/$y".escapeUrl()', is("i%3Bmd%2Fr%2F%24y")]],
  "string.isJson": [
    ["'{\"a\":\"b\",\"c\":\"d\"}'.isJson()", is(true)],
    ["'not json'.isJson()", is(false)],
  ],
  "string.isPrivateIp": [
    ["'192.168.1.1'.isPrivateIp()", is(true)],
    ["'172.31.255.255'.isPrivateIp() && '10.0.0.1'.isPrivateIp()", is(true)],
    ["'127.0.0.1'.isPrivateIp() || '8.8.8.8'.isPrivateIp() || '172.32.0.1'.isPrivateIp()", is(false)],
  ],
  "string.isQueryString": [
    ["'a=b&c=d'.isQueryString()", is(true)],
    ["'not a query string'.isQueryString()", is(false)],
  ],
  "string.isURL": [
    ["'https://ngrok.com'.isURL()", is(true)],
    ["'not a url'.isURL()", is(false)],
  ],
  "string.lower": [['"Ärger in Österreich, ÉCOLE, İSTANBUL, ЙОГА!".lower()', is("ärger in österreich, école, istanbul, йога!")]],
  "string.upper": [['"Ärger in Österreich, ÉCOLE, İSTANBUL, ЙОГА!".upper()', is("ÄRGER IN ÖSTERREICH, ÉCOLE, İSTANBUL, ЙОГА!")]],
  "string.parseUrl": [
    ['"https://ngrok.com".parseUrl().host', is("ngrok.com")],
    ['"https://ngrok.com".parseUrl().scheme', is("https")],
  ],
  "string.unescapeUrl": [['"i%3Bmd%2Fr%2F%24y".unescapeUrl()', is("i;md/r/$y")]],
  "string.lowerAscii": [
    ["'TacoCat'.lowerAscii()", is("tacocat")],
    ["'TacoCÆt Xii'.lowerAscii()", is("tacocÆt xii")],
  ],
  "string.upperAscii": [
    ["'TacoCat'.upperAscii()", is("TACOCAT")],
    ["'TacoCÆt Xii'.upperAscii()", is("TACOCÆT XII")],
  ],
  "string.substring": [
    ["'tacocat'.substring(4)", is("cat")],
    ["'tacocat'.substring(0, 4)", is("taco")],
    ["'tacocat'.substring(-1)", fails("index -1 out of bounds")],
    ["'tacocat'.substring(2, 1)", fails("start > end")],
  ],
  "string.trim": [["'  \\ttrim\\n    '.trim()", is("trim")]],
  "string.reverse": [
    ["'gums'.reverse()", is("smug")],
    ["'John Smith'.reverse()", is("htimS nhoJ")],
  ],
  "strings.quote": [
    ["strings.quote('single-quote with \"double quote\"')", is('"single-quote with \\"double quote\\""')],
    ['strings.quote("two escape sequences \\a\\n")', is('"two escape sequences \\a\\n"')],
  ],
  "ts.getDate": [
    ['timestamp("2023-12-25T00:00:00Z").getDate()', is(25)],
    ['timestamp("2023-12-25T00:00:00Z").getDate("America/Los_Angeles")', is(24)],
    ['timestamp("2024-01-01T10:00:00Z").getDate()', is(1)],
    ['timestamp("2024-01-01T10:00:00Z").getDate("Asia/Tokyo")', is(1)],
  ],
  "ts.getDayOfMonth": [
    ['timestamp("2023-12-25T00:00:00Z").getDayOfMonth()', is(24)],
    ['timestamp("2023-12-25T00:00:00Z").getDayOfMonth("America/Los_Angeles")', is(23)],
  ],
  "ts.getDayOfWeek": [['timestamp("2023-12-25T12:00:00Z").getDayOfWeek()', is(1)]],
  "ts.getDayOfYear": [['timestamp("2023-12-25T12:00:00Z").getDayOfYear()', is(358)]],
  "ts.getFullYear": [['timestamp("2023-12-25T12:00:00Z").getFullYear()', is(2023)]],
  "ts.getHours": [
    ['timestamp("2023-12-25T12:00:00Z").getHours()', is(12)],
    ['duration("3h").getHours()', is(3)],
  ],
  "ts.getMilliseconds": [
    ['timestamp("2023-12-25T12:00:00.500Z").getMilliseconds()', is(500)],
    ['duration("1.234s").getMilliseconds()', is(234)],
  ],
  "ts.getMinutes": [
    ['timestamp("2023-12-25T12:30:00Z").getMinutes()', is(30)],
    ['duration("1h30m").getMinutes()', is(90)],
  ],
  "ts.getMonth": [['timestamp("2023-12-25T12:00:00Z").getMonth()', is(11)]],
  "ts.getSeconds": [
    ['timestamp("2023-12-25T12:30:30Z").getSeconds()', is(30)],
    ['duration("1m30s").getSeconds()', is(90)],
  ],
  "url.escape": [
    ['url.escape("i;md/r/$y")', is("i%3Bmd%2Fr%2F%24y")],
    // The page's expression reads `req.raw`, which is no variable; with the raw path it means:
    ["url.escape(req.url.raw_path) == '%2Ffoo'", is(true), { url: "https://app.example.com/foo" }],
    ["url.escape(req.raw) == '%2Ffoo'", fails("raw")],
  ],
  "url.parse": [
    ['url.parse("https://ngrok.com").host', is("ngrok.com")],
    ['url.parse("https://ngrok.com").scheme', is("https")],
    ["url.parse(req.url).host == 'ngrok.com'", is(true), { url: "https://ngrok.com/" }],
  ],
  "url.unescape": [
    ['url.unescape("i%3Bmd%2Fr%2F%24y")', is("i;md/r/$y")],
    ["url.unescape('%2Ffoo') == '/foo'", is(true)],
    ["url.unescape('%zz')", fails("invalid URL escape")],
  ],
  has: [
    // The page's `has(req.headers['x-custom-header'])` is not CEL (has() takes a field selection):
    // ngrok refuses it as the emulator does.
    ["has(req.headers['x-custom-header'])", fails("has")],
    ["has(req.headers.x_custom_header)", is(false)],
    ["has(req.headers.cookie)", is(true)],
  ],
  inCidrRange: [
    ["inCidrRange('192.168.1.100', '192.168.1.0/24')", is(true)],
    ["inCidrRange(conn.client_ip, '66.249.66.1/24')", is(true), { clientIp: "66.249.66.200" }],
    ["inCidrRange(conn.client_ip, '66.249.66.1/24')", is(false), { clientIp: "66.249.67.1" }],
    ["inCidrRange('192.168.1.100', 'not a cidr')", is(false)],
  ],
  inCidrRanges: [
    ["inCidrRanges('192.168.1.100', ['192.168.1.0/24', '10.0.0.0/8'])", is(true)],
    ["inCidrRanges(conn.client_ip, ['66.249.66.1/24', '2001:4860::/32'])", is(true), { clientIp: "2001:4860::8888" }],
    ["inCidrRanges('10.1.1.1', ['bogus', '10.0.0.0/8'])", is(true)],
  ],
};

// The hash macros: the page's examples, the same for each function and method form.
const HASHES: Record<string, [hex: string, base64: string]> = {
  crc32: ["3610a686", "NhCmhg=="],
  crc64: ["3c3eeee2d8100000", "PD7u4tgQAAA="],
  md5: ["5d41402abc4b2a76b9719d911017c592", "XUFAKrxLKna5cZ2REBfFkg=="],
  sha1: ["aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d", "qvTGHdzF6KLavt4PO0gs2a6pQ00="],
  sha256: ["2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", "LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ="],
  sha512: [
    "9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043",
    "m3HSJL1i83hdltRq0+o9czGb+8KJDKra4t/3JRlnPKcjI8PZm6XBHXx6zG4UuMXaDEZjR1wuXDre9G9zvN7AQw==",
  ],
  xxhash64: ["26c7827d889f6da3", "JseCfYifbaM="],
};
for (const [name, [hex, base64]] of Object.entries(HASHES)) {
  MACROS[`hash.${name}`] = [
    [`hash.${name}('hello')`, is(hex)],
    [`hash.${name}('hello', 'hex')`, is(hex)],
    [`hash.${name}('hello', 'base64')`, is(base64)],
    [`hash.${name}('hello', 'octal')`, fails("unsupported hash format 'octal'")],
  ];
  MACROS[`string.${name}`] = [
    [`'hello'.${name}()`, is(hex)],
    [`'hello'.${name}('hex')`, is(hex)],
    [`'hello'.${name}('base64')`, is(base64)],
  ];
}

/** The response macros run in on_http_response, on UPSTREAM's answer. */
const RESPONSE_MACROS: Record<string, Row[]> = {
  getResCookie: [
    ["getResCookie('_device_id').value == 'mobile-phone-14'", is(true)],
    ["getResCookie('_device_id').secure && getResCookie('_device_id').path == '/app/phones'", is(true)],
  ],
  getResHeader: [
    ["getResHeader('Content-Type')", is(["application/json; charset=utf-8"])],
    ["size(getResHeader('Content-Type').filter(v, v.matches('application/json'))) > 0", is(true)],
  ],
  hasResCookie: [
    ["hasResCookie('_device_id')", is(true)],
    ["hasResCookie('session')", is(false)],
  ],
  hasResHeader: [
    ["hasResHeader('Content-Type')", is(true)],
    ["hasResHeader('X-None')", is(false)],
  ],
};

// JSON rows: the page's own.
MACROS["json.decode"] = [
  ["json.decode('{\"a\":\"b\"}')", is({ a: "b" })],
  ["json.decode('[\"a\",\"b\",\"c\"]')", is(["a", "b", "c"])],
  ["json.decode(getReqHeader('x-json-array')[0])[0] == \"first entry\"", is(true)],
  ["json.decode('{')", fails("invalid JSON")],
];
MACROS["json.encode"] = [
  ["json.encode({'a': 'b'})", is('{"a":"b"}')],
  ["json.encode([\"a\",\"b\",\"c\"])", is('["a","b","c"]')],
  ["json.encode(req.content_type.parameters) == '{\"charset\":\"UTF-8\"}'", is(true)],
];

describe("macros on the request", () => {
  const rows = Object.entries(MACROS).flatMap(([macro, list]) => list.map(([expression, expected, request]) => [macro, expression, expected, request] as const));
  it.each(rows)("%s: %s", async (_macro, expression, expected, request) => {
    check(await evaluate(expression, request), expected);
  });
});

describe("macros on the response", () => {
  const rows = Object.entries(RESPONSE_MACROS).flatMap(([macro, list]) => list.map(([expression, expected]) => [macro, expression, expected] as const));
  it.each(rows)("%s: %s", async (_macro, expression, expected) => {
    check(await evaluate(expression, {}, true), expected);
  });

  it("the response macros see no response in on_http_request", async () => {
    check(await evaluate("hasResHeader('Content-Type') || hasResCookie('_device_id') || size(getResHeader('Content-Type')) > 0"), is(false));
  });
});

describe("rand without an injected source", () => {
  it("rand.double() is in [0, 1) and rand.int(3, 5) in [3, 5]", async () => {
    const r = await testPolicy(
      { on_http_request: [{ actions: [{ type: "set-vars", config: { vars: [{ d: "${rand.double()}" }, { i: "${rand.int(3, 5)}" }] } }, { type: "custom-response", config: { status_code: 200 } }] }] },
      REQUEST,
    );
    const { d, i } = r.vars.on_http_request as { d: number; i: number };
    expect([d >= 0 && d < 1, [3, 4, 5].includes(i)]).toEqual([true, true]);
  });
});

/** Every macro heading of the page: each must have rows above. */
const DOCUMENTED = [
  "base64.decode", "base64.encode", "basic_auth.encode", "bytes.size",
  "getReqCookie", "getReqHeader", "getQueryParam", "hasQueryParam", "hasReqCookie", "hasReqHeader",
  "getResCookie", "getResHeader", "hasResCookie", "hasResHeader",
  "hash.crc32", "hash.crc64", "hash.md5", "hash.sha1", "hash.sha256", "hash.sha512", "hash.xxhash64",
  "json.decode", "json.encode",
  "list.all", "list.encodeJson", "list.exists", "list.exists_one", "list.filter", "list.join", "list.map", "list.size", "list.slice", "list.flatten", "list.sort", "list.sortBy", "list.distinct", "lists.range",
  "map.all", "map.encodeJson", "map.encodeQueryString", "map.exists", "map.exists_one", "map.filter", "map.map", "map.size",
  "queryString.decode", "queryString.encode", "rand.double", "rand.int", "secrets.get",
  "string.matches", "string.startsWith", "string.endsWith", "string.contains", "string.charAt", "string.size", "string.indexOf", "string.format", "string.lastIndexOf",
  "string.split", "string.replace", "string.decodeBase64", "string.decodeJson", "string.decodeQueryString", "string.encodeBase64", "string.escapeUrl", "string.isJson",
  "string.isPrivateIp", "string.isQueryString", "string.isURL", "string.lower", "string.upper", "string.parseUrl", "string.unescapeUrl",
  "string.md5", "string.sha1", "string.sha256", "string.sha512", "string.crc32", "string.crc64", "string.xxhash64",
  "string.lowerAscii", "string.upperAscii", "string.substring", "string.trim", "string.reverse", "strings.quote",
  "ts.getDate", "ts.getDayOfMonth", "ts.getDayOfWeek", "ts.getDayOfYear", "ts.getFullYear", "ts.getHours", "ts.getMilliseconds", "ts.getMinutes", "ts.getMonth", "ts.getSeconds",
  "url.escape", "url.parse", "url.unescape", "has", "inCidrRange", "inCidrRanges",
];

it("every macro on the page has its examples here, and no other", () => {
  // "list.map" holds both documented forms (x,t) and (x,p,t), as does "map.map": 105 headings, 103 names.
  expect(DOCUMENTED.length).toBe(103);
  expect([...Object.keys(MACROS), ...Object.keys(RESPONSE_MACROS)].sort()).toEqual([...DOCUMENTED].sort());
});
