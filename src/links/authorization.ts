// Update Authorization's document: the JSON object of strings the contract takes for a
// connection's authorization (`PUT …/connections/{connectionId}/authorization`), checked by a
// schema as it is typed and again before it is sent. The API never gives the current one back, so
// the document starts empty. The `$schema` line is the editor's, never sent.
import { t } from '../l10n';
import { isRecord } from '../util/guards';

export function authorizationSchema(title: string): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    description: t('The connection’s authorization: names and values, each a string, as the platform expects them.'),
    type: 'object',
    properties: { $schema: { type: 'string' } },
    additionalProperties: { type: 'string' },
  };
}

/** The document's text as the authorization to send; why not, when it cannot be. */
export function authorizationBody(
  text: string,
): { ok: true; authorization: Record<string, string> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  if (!isRecord(value)) return { ok: false, message: t('the document must hold one JSON object') };
  const authorization: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (name === '$schema') continue;
    if (typeof v !== 'string') return { ok: false, message: t('the value of "{0}" is not a string', name) };
    authorization[name] = v;
  }
  if (Object.keys(authorization).length === 0) return { ok: false, message: t('the document holds no value to send') };
  return { ok: true, authorization };
}
