// Key shapes: keys a redactor could get wrong (very short, very long, regex metacharacters, Base64
// look-alikes, astral characters, text that is itself an escape), each met by a few echoes; and
// keys no account can have (control characters, spaces), refused at entry before anything is sent.
import { errorBody, page, companies, type HostileCase } from '../corpus';
import { echoCases } from './echoes';

const SHAPES: Record<string, string> = {
  'two characters': 'Zq',
  'three characters': 'k3y',
  'very long': `sk_live_${'0123456789abcdef'.repeat(20)}`,
  'the longest accepted (512), non-ASCII': `sk_${'ключé'.repeat(101)}xy0123`.slice(0, 512),
  'regex metacharacters': 'sk_live_.*+?^${}()|[]-0123',
  'slash, plus and equals': 'sk_live_a/b+c=?de_0123456789',
  'Base64 look-alike': 'c2tfbGl2ZV9rZXk=',
  'astral characters': 'sk_😀😀_𝒦𝑒𝓎_0123',
  'percent escapes in the key': 'sk_live_%41%42_ab',
  'an entity in the key': 'sk_&amp;_lit_0123',
  'a backslash-u in the key': 'sk_\\u0041_x_0123',
};

const SHAPE_ECHOES = [
  'literal in a 401',
  'Basic header value in a 401',
  'Base64 of "key:" in a 401',
  'JSON \\u escapes, upper hex',
  'HTML named entities',
  'URL-encoded in plain text',
];

/** Keys refused by Set API key before any request: no real key holds these. */
const REFUSED_AT_ENTRY: Record<string, string> = {
  'a line break': 'sk_live_first\nsecond_0123',
  'a tab': 'sk_live_ab\tcd_0123',
  'a NUL': 'sk_live_ab\u0000cd_0123',
  'a DEL': 'sk_live_ab\u007fcd_0123',
  'a C1 control (U+0085)': 'sk_live_ab\u0085cd_0123',
  'a space': 'sk_live_ab cd_0123',
  'over 512 characters': `sk_live_${'0123456789abcdef'.repeat(32)}`,
  'thousands of non-ASCII characters': 'é'.repeat(2300),
};

const entryRefusals = (): HostileCase[] =>
  Object.entries(REFUSED_AT_ENTRY).map(([what, key]) => ({
    id: `keyShape/refused at entry: ${what}`,
    group: 'keyShape',
    key,
    run: { op: 'setKey' },
    replies: [],
    expect: { outcome: 'refused', kind: 'invalidParameter' },
  }));

/** Set API key with keys of odd shapes: checked with the server, rejected or stored. */
const keyChecks = (): HostileCase[] => [
  ...Object.entries(SHAPES).map(([shape, key]): HostileCase => ({
    id: `keyShape/Set API key rejected, echoed × ${shape}`,
    group: 'keyShape',
    key,
    run: { op: 'setKey' },
    replies: [{ status: 401, json: errorBody(401, `Unauthorized key ${key}`) }],
    expect: { outcome: 'error', kind: 'unauthorized' },
  })),
  ...['two characters', 'very long', 'the longest accepted (512), non-ASCII', 'astral characters'].map(
    (shape): HostileCase => ({
      id: `keyShape/Set API key accepted × ${shape}`,
      group: 'keyShape',
      key: SHAPES[shape],
      run: { op: 'setKey' },
      replies: [{ status: 200, json: page(companies(1), { total: 1 }) }],
      expect: { outcome: 'success', items: 1, path: '/companies?page=1&pageSize=1' },
    }),
  ),
];

export const keyShapeCorpus = (): HostileCase[] => [
  ...Object.entries(SHAPES).flatMap(([shape, key]) => echoCases('keyShape', shape, key, SHAPE_ECHOES)),
  ...entryRefusals(),
  ...keyChecks(),
];
