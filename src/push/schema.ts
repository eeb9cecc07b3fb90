// The record a push sends, described two ways from the connection's push options: a JSON Schema
// for the draft document (VS Code's JSON language service then gives completion, hovers and
// squiggles for free), and a template holding every required field, for the user to fill in.
import type { PushOption } from '../api';
import { t } from '../l10n';

/** Plain JSON, so it can be written out with `JSON.stringify` as it is. */
export type JsonSchema = { [key: string]: unknown };

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

// Codat's DateTime: a day, or a day and a time with an optional fraction and zone. Not
// `format: 'date-time'`: that one requires a zone, and Codat writes and takes dates without one.
const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?)?$';

/** The description, then each of the option's validation notes, one per line. */
function descriptionLines(option: PushOption): string[] {
  const lines = option.description ? [option.description] : [];
  for (const w of option.validation?.warnings ?? []) lines.push(t('Warning: {0}', w.details));
  for (const i of option.validation?.information ?? []) lines.push(t('Note: {0}', i.details));
  return lines;
}

/** Text shown as Markdown stays the text it was: `*`, `_`, `<` … are no markup here, nor is a
 * line that starts like a list item. */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`)
    .replace(/^(\s*)(\d+)([.)])/, '$1$2\\$3')
    .replace(/^(\s*)([-+])/, '$1\\$2');
}

/** The title and descriptions every property carries. */
function annotations(option: PushOption): JsonSchema {
  const lines = descriptionLines(option);
  const out: JsonSchema = {};
  if (option.displayName) out.title = option.displayName;
  if (lines.length > 0) {
    out.description = lines.join('\n');
    // Paragraphs: a single newline is no line break in Markdown.
    out.markdownDescription = lines.map(escapeMarkdown).join('\n\n');
  }
  return out;
}

function objectSchema(properties: Record<string, PushOption> | undefined): JsonSchema {
  const entries = Object.entries(properties ?? {});
  const required = entries.filter(([, p]) => p.required === true).map(([name]) => name);
  const out: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(entries.map(([name, p]) => [name, propertySchema(p)])),
    // Allowed: the options need not list every field a platform takes. The server says which it
    // ignored in the push's validation warnings.
    additionalProperties: true,
  };
  if (required.length > 0) out.required = required;
  return out;
}

function stringSchema(option: PushOption): JsonSchema {
  const choices = option.options ?? [];
  if (choices.length === 0) return { type: 'string' };
  const out: JsonSchema = { type: 'string', enum: choices.map((c) => c.value) };
  // Offered beside each value in completion, when the names say more than the values.
  if (choices.some((c) => c.displayName && c.displayName !== c.value))
    out.enumDescriptions = choices.map((c) => c.displayName || c.value);
  return out;
}

/** The constraints of one option, by its type; a type this version does not know is left open. */
function typeSchema(option: PushOption): JsonSchema {
  switch (option.type) {
    case 'Object':
      return objectSchema(option.properties);
    case 'Array':
      return {
        type: 'array',
        items: objectSchema(option.properties),
        // The API fails a push whose required list is empty.
        ...(option.required ? { minItems: 1 } : {}),
      };
    case 'String':
      return stringSchema(option);
    case 'Number':
      return { type: 'number' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'DateTime':
      return {
        type: 'string',
        pattern: DATE_TIME_PATTERN,
        // VS Code shows this instead of the bare pattern.
        patternErrorMessage: t('Expected a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM:SS)'),
      };
    default:
      return {};
  }
}

function propertySchema(option: PushOption): JsonSchema {
  return { ...annotations(option), ...typeSchema(option) };
}

/**
 * The JSON Schema (draft-07) of a push's body, from the push options tree of its type. The root
 * also allows `$schema`: the draft document names this schema in it, and the UI removes it before
 * sending.
 */
export function pushSchema(option: PushOption, title: string): JsonSchema {
  const root = objectSchema(option.properties);
  const properties = {
    $schema: { type: 'string', description: t('The schema the draft is checked against; not sent') },
    ...(root.properties as JsonSchema),
  };
  return { $schema: DRAFT_07, ...annotations(option), title, ...root, properties };
}

/** `YYYY-MM-DDT00:00:00`: the day (UTC) of `now`, written as Codat writes dates. */
function dayOf(now: Date): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00`;
}

/** The value a required field starts with: the first allowed value, else an empty one of its type. */
function startValue(option: PushOption, now: Date): unknown {
  switch (option.type) {
    case 'Object':
      return requiredFields(option.properties, now);
    case 'Array':
      return [requiredFields(option.properties, now)];
    case 'String':
      return option.options?.[0]?.value ?? '';
    case 'Number':
      return 0;
    case 'Boolean':
      return false;
    case 'DateTime':
      return dayOf(now);
    default:
      // Present, so the user sees the field; null is what the API reads as "not given".
      return null;
  }
}

function requiredFields(properties: Record<string, PushOption> | undefined, now: Date): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(properties ?? {})) {
    if (option.required === true) out[name] = startValue(option, now);
  }
  return out;
}

/**
 * A body holding every required field, recursively (a required list with one entry of its
 * required fields), each with a start value; the optional fields are left to the schema's
 * completion.
 */
export function pushTemplate(option: PushOption, now: Date): Record<string, unknown> {
  return requiredFields(option.properties, now);
}
