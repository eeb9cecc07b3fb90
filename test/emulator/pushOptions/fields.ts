// The pieces push option trees are written with (pushOptions.ts and its siblings): a field of a
// type, a group of fields (an object, a list of objects), a field limited to Codat's values, a
// reference to another record, the notes (warnings, information) a field's validation carries.
import type { PushFieldValidation, PushOptionProperty, PushOptionType } from '../wire';

export type Extra = Partial<Pick<PushOptionProperty, 'options' | 'validation'>>;
export type Fields = Record<string, PushOptionProperty>;

function field(
  type: PushOptionType,
  displayName: string,
  description: string,
  required: boolean,
  extra: Extra = {},
): PushOptionProperty {
  return { type, displayName, description, required, ...extra };
}

export const text = (name: string, description: string, required = false, extra?: Extra): PushOptionProperty =>
  field('String', name, description, required, extra);
export const number = (name: string, description: string, required = false, extra?: Extra): PushOptionProperty =>
  field('Number', name, description, required, extra);
export const dateTime = (name: string, description: string, required = false, extra?: Extra): PushOptionProperty =>
  field('DateTime', name, description, required, extra);
export const bool = (name: string, description: string, required = false, extra?: Extra): PushOptionProperty =>
  field('Boolean', name, description, required, extra);

function group(
  type: 'Object' | 'Array',
  name: string,
  description: string,
  required: boolean,
  properties: Fields,
  extra: Extra = {},
): PushOptionProperty {
  return { ...field(type, name, description, required, extra), properties };
}

export const object = (name: string, description: string, required: boolean, properties: Fields, extra?: Extra) =>
  group('Object', name, description, required, properties, extra);
export const array = (name: string, description: string, required: boolean, properties: Fields, extra?: Extra) =>
  group('Array', name, description, required, properties, extra);

/** A field restricted to these values (each one of Codat's enumeration for the field). */
export function oneOf(
  name: string,
  description: string,
  required: boolean,
  values: readonly string[],
): PushOptionProperty {
  const options = values.map((value) => ({ value, type: 'String' as const, displayName: value, required: false }));
  return text(name, description, required, { options });
}

export const notes = (kind: 'warnings' | 'information', fieldName: string, details: string): Extra => {
  const item: PushFieldValidation = { field: fieldName, details };
  return {
    validation: { warnings: kind === 'warnings' ? [item] : [], information: kind === 'information' ? [item] : [] },
  };
};

/** A reference to another record: its id, required when the reference is sent. */
export function ref(
  name: string,
  noun: string,
  path: string,
  required: boolean,
  nameField?: string,
): PushOptionProperty {
  const id = text('Identifier', `The identifier of the ${noun}`, true, {
    ...notes('warnings', `${path}.Id`, `Must match the ID of an existing ${noun}.`),
  });
  const fields: Fields = { id };
  if (nameField) fields[nameField] = text('Name', `The name of the ${noun}`);
  return object(name, `Reference to the ${noun}`, required, fields);
}

export const currency = (record: string, required = false): PushOptionProperty =>
  required
    ? text('Currency', `Currency of the ${record}`, true)
    : text('Currency', `Currency of the ${record}`, false, {
        ...notes('information', 'Currency', "If not specified, defaults to the company's base currency"),
      });

export const currencyRate = (record: string): PushOptionProperty =>
  number('Currency Exchange Rate', `Base currency units per unit of the ${record}'s currency`, false, {
    ...notes('information', 'CurrencyRate', 'If not specified, 1 when in the base currency'),
  });

/** Tracking categories a line is analysed by. */
export const trackingCategoryRefs = (path: string): PushOptionProperty =>
  array('Tracking Category References', 'The tracking categories the line is analysed by', false, {
    id: text('Identifier', 'The identifier of the tracking category', true, {
      ...notes('warnings', `${path}.Id`, 'Must match the ID of an existing tracking category.'),
    }),
  });

/** A postal address's lines. */
export function addressFields(): Fields {
  return {
    line1: text('Line 1', 'The first line of the address'),
    line2: text('Line 2', 'The second line of the address'),
    city: text('City', 'The city of the address'),
    region: text('Region', 'The region of the address'),
    country: text('Country', 'The country of the address'),
    postalCode: text('Postal Code', 'The postal or zip code of the address'),
  };
}
