// Looks for an API key in everything a test collected (log lines, webview messages, saved state,
// document text, errors): the key itself and every form a server or a careless line of ours could
// write it in. Reusable by any test that must prove "the key appears nowhere" (the hostile-server
// corpus, the fault matrix, export).
import { inspect } from 'node:util';
import {
  base64,
  formEncoded,
  htmlDecimal,
  htmlHex,
  htmlNamed,
  jsonInner,
  uEscapes,
  urlEncoded,
  urlEncodedLower,
} from './keyEncodings';

export interface Leak {
  /** The name the test gave the place. */
  where: string;
  /** Which written form of the key was found, and that form. */
  form: string;
  /** Text around the find, for the failure message. */
  excerpt: string;
}

/** Below this length a key is only looked for where it stands alone, as the redactor does: `k3y`
 * inside `ak3yz` is another word, not the key. */
const WHOLE_WORD_BELOW = 4;

/**
 * The Base64 characters that depend on the key's bytes alone: the same at the start of the Base64
 * of the key, of `key:` (a Basic user name with an empty password) and of the key followed by
 * anything. The last character of a shorter form also holds bits of what follows, or padding.
 */
export function base64Core(key: string): string {
  const bytes = Buffer.byteLength(key, 'utf8');
  return base64(key).slice(0, Math.floor((bytes * 8) / 6));
}

/** Every written form of `key` that must not appear, labelled, without duplicates. */
export function secretForms(key: string): Array<{ form: string; text: string }> {
  const forms: Record<string, string> = {
    literal: key,
    'Base64 of the key': base64(key),
    'Base64 of "key:"': base64(`${key}:`),
    'URL-encoded': urlEncoded(key),
    'URL-encoded, lower-case hex': urlEncodedLower(key),
    'form-encoded': formEncoded(key),
    'JSON-escaped': jsonInner(key),
    'JSON-escaped with \\/': jsonInner(key).replace(/\//g, '\\/'),
    'JSON \\u escapes, lower hex': uEscapes(key, false),
    'JSON \\u escapes, upper hex': uEscapes(key, true),
    'HTML-escaped': htmlNamed(key),
    'HTML decimal references': htmlDecimal(key),
    'HTML hex references': htmlHex(key),
    'whitespace collapsed': key.replace(/\s+/g, ' '),
  };
  // Long enough to be unmistakable, the core finds the key in any Base64 that starts with it
  // (the Basic header's value, `key:`, padding stripped or kept).
  if (key.length >= WHOLE_WORD_BELOW) forms['Base64 core'] = base64Core(key);
  const seen = new Set<string>();
  const out: Array<{ form: string; text: string }> = [];
  for (const [form, text] of Object.entries(forms)) {
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    out.push({ form, text });
  }
  return out;
}

/** Everything a value holds as text: a string as it is; anything else as JSON and as Node prints
 * it (an Error's message and stack, fields JSON leaves out). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  let json = '';
  try {
    json = JSON.stringify(value) ?? '';
  } catch {
    // A cycle: the inspection below still shows it.
  }
  const error = value instanceof Error ? `${String(value)}\n${value.stack ?? ''}\n` : '';
  return `${error}${json}\n${inspect(value, { depth: null, maxArrayLength: null, maxStringLength: null, breakLength: Infinity })}`;
}

function occurrences(text: string, form: string, wholeWord: boolean): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + form.length] ?? '';
    if (!wholeWord || (!/[A-Za-z0-9]/.test(before) && !/[A-Za-z0-9]/.test(after))) found.push(at);
  }
  return found;
}

/** Every place where `key`, in any of its forms, appears. */
export function findSecret(key: string, places: Record<string, unknown>): Leak[] {
  const wholeWord = key.length < WHOLE_WORD_BELOW;
  const forms = secretForms(key);
  const leaks: Leak[] = [];
  for (const [where, value] of Object.entries(places)) {
    const text = textOf(value);
    for (const { form, text: written } of forms) {
      const at = occurrences(text, written, wholeWord)[0];
      if (at === undefined) continue;
      const excerpt = text.slice(Math.max(0, at - 60), at + written.length + 60);
      leaks.push({ where, form, excerpt });
    }
  }
  return leaks;
}

/** Throws, naming each place and form, when the key appears anywhere in `places`. */
export function assertNoSecret(key: string, places: Record<string, unknown>): void {
  const leaks = findSecret(key, places);
  if (leaks.length === 0) return;
  const lines = leaks.map((l) => `- ${l.where}: ${l.form} in …${JSON.stringify(l.excerpt)}…`);
  throw new Error(`The API key ${JSON.stringify(key)} leaked:\n${lines.join('\n')}`);
}
