// The record a push sends, described two ways from the connection's push options: a JSON Schema
// for the draft document (VS Code's JSON language service then gives completion, hovers and
// squiggles for free), and a template holding every required field, for the user to fill in. A
// required field starts as a value its schema refuses (an empty text, a null number) unless a real
// one is known (the first allowed value, today), so a draft pushed unfilled is marked and asked
// about, never sent as an empty record. The options are the server's: every field is read through
// optionFields.ts, and their text is shown as plain text.
import type { PushOption } from '../api';
import { t } from '../l10n';
import { choicesOf, fieldsOf, isRequired, notesOf, ReadBudget, typeOf } from './optionFields';

/** Plain JSON, so it can be written out with `JSON.stringify` as it is. */
export type JsonSchema = { [key: string]: unknown };

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

// Codat's DateTime: a day, or a day and a time with an optional fraction and zone. Not
// `format: 'date-time'`: that one requires a zone, and Codat writes and takes dates without one.
const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?)?$';

/** The description, then each of the option's validation notes, one per line. */
function descriptionLines(option: PushOption, budget: ReadBudget): string[] {
  const description = budget.take(option.description);
  const lines = description ? [description] : [];
  for (const w of notesOf(option, 'warnings', budget)) lines.push(t('Warning: {0}', w));
  for (const i of notesOf(option, 'information', budget)) lines.push(t('Note: {0}', i));
  return lines;
}

/** Text shown as Markdown stays the text it was: every ASCII punctuation character is escaped
 * (CommonMark allows it of each), so no list item, heading, setext underline, link, bare URL
 * (`https\://`), address (`\@`), entity or HTML can form; a line's indent (a code block) is dropped,
 * and each line is a paragraph of its own. */
function plainMarkdown(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim().replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`))
    .filter((line) => line !== '')
    .join('\n\n');
}

/** The name and descriptions every property carries. The name is no `title`: VS Code's hover shows
 * a title as Markdown with only some characters escaped (a bare link in it stays live), so it leads
 * the Markdown description, in bold, escaped whole like the rest. */
function annotations(option: PushOption, budget: ReadBudget): JsonSchema {
  const name = budget.take(option.displayName);
  const lines = descriptionLines(option, budget);
  const out: JsonSchema = {};
  if (lines.length > 0) out.description = lines.join('\n');
  const markdown = [...(name ? [`**${plainMarkdown(name.replace(/\s+/g, ' '))}**`] : []), ...lines.map(plainMarkdown)];
  // VS Code shows this one where it is given.
  if (markdown.length > 0) out.markdownDescription = markdown.join('\n\n');
  return out;
}

function objectSchema(option: PushOption, budget: ReadBudget, depth: number): JsonSchema {
  // Deeper than the answer check lets through: left open.
  const fields = depth < budget.maxDepth ? fieldsOf(option, budget) : [];
  const required = fields.filter(([, p]) => isRequired(p)).map(([name]) => name);
  const out: JsonSchema = {
    type: 'object',
    // fromEntries: a field named `__proto__` stays a field.
    properties: Object.fromEntries(fields.map(([name, p]) => [name, propertySchema(p, budget, depth + 1)])),
    // Allowed: the options need not list every field a platform takes. The server says which it
    // ignored in the push's validation warnings.
    additionalProperties: true,
  };
  if (required.length > 0) out.required = required;
  return out;
}

function stringSchema(option: PushOption, budget: ReadBudget): JsonSchema {
  const choices = choicesOf(option, budget);
  // A required text left empty is not filled in.
  if (choices.length === 0) return isRequired(option) ? { type: 'string', minLength: 1 } : { type: 'string' };
  const out: JsonSchema = { type: 'string', enum: choices.map((c) => c.value) };
  // Offered beside each value in completion, when the names say more than the values.
  if (choices.some((c) => c.name && c.name !== c.value)) out.enumDescriptions = choices.map((c) => c.name || c.value);
  return out;
}

/** The constraints of one option, by its type; a type this version does not know is left open. */
function typeSchema(option: PushOption, budget: ReadBudget, depth: number): JsonSchema {
  switch (typeOf(option)) {
    case 'Object':
      return objectSchema(option, budget, depth);
    case 'Array':
      return {
        type: 'array',
        items: objectSchema(option, budget, depth),
        // The API fails a push whose required list is empty.
        ...(isRequired(option) ? { minItems: 1 } : {}),
      };
    case 'String':
      return stringSchema(option, budget);
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

function propertySchema(option: PushOption, budget: ReadBudget, depth: number): JsonSchema {
  return { ...annotations(option, budget), ...typeSchema(option, budget, depth) };
}

/**
 * The JSON Schema (draft-07) of a push's body, from the push options tree of its type. The root
 * also allows `$schema`: the draft document names this schema in it, and the UI removes it before
 * sending.
 */
export function pushSchema(option: PushOption, title: string): JsonSchema {
  const budget = new ReadBudget();
  const head = annotations(option, budget);
  const root = objectSchema(option, budget, 0);
  const properties = {
    $schema: { type: 'string', description: t('The schema the draft is checked against; not sent') },
    ...(root.properties as JsonSchema),
  };
  return { $schema: DRAFT_07, ...head, title, ...root, properties };
}

/** `YYYY-MM-DDT00:00:00`: the day (UTC) of `now`, written as Codat writes dates. */
function dayOf(now: Date): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00`;
}

/** The value a required field starts with: the first allowed value, today, false, else one its
 * schema refuses until it is filled in (an empty text, a null number). */
function startValue(option: PushOption, budget: ReadBudget, now: Date, depth: number): unknown {
  switch (typeOf(option)) {
    case 'Object':
      return requiredFields(option, budget, now, depth);
    case 'Array':
      return [requiredFields(option, budget, now, depth)];
    case 'String':
      return choicesOf(option, budget)[0]?.value ?? '';
    case 'Boolean':
      return false;
    case 'DateTime':
      return dayOf(now);
    default:
      // Present, so the user sees the field; null is what the API reads as "not given".
      return null;
  }
}

function requiredFields(option: PushOption, budget: ReadBudget, now: Date, depth: number): Record<string, unknown> {
  const fields = depth < budget.maxDepth ? fieldsOf(option, budget) : [];
  // fromEntries: a field named `__proto__` stays a field (an assignment would set the prototype).
  return Object.fromEntries(
    fields.filter(([, p]) => isRequired(p)).map(([name, p]) => [name, startValue(p, budget, now, depth + 1)]),
  );
}

/**
 * A body holding every required field, recursively (a required list with one entry of its
 * required fields), each with a start value; the optional fields are left to the schema's
 * completion.
 */
export function pushTemplate(option: PushOption, now: Date): Record<string, unknown> {
  return requiredFields(option, new ReadBudget(), now, 0);
}
