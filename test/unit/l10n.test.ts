import * as assert from 'node:assert/strict';
import { presentError } from '../../src/format/labels';
import { ApiError } from '../../src/api/errors';
import { formatMessage, setTranslator, t, type L10nArg } from '../../src/l10n';
import { queryProblem } from '../../src/query/messages';

describe('l10n: t()', () => {
  afterEach(() => setTranslator(undefined));

  it('formats English as VS Code does until a translator is set', () => {
    assert.equal(t('Could not load invoice {0}: {1}', 'inv-1', 'gone'), 'Could not load invoice inv-1: gone');
    assert.equal(t('{0} of {1}', 12, 3), '12 of 3');
    assert.equal(t('Retryable: {0}', false), 'Retryable: false');
    assert.equal(t('{0} ({1})', '', 500), ' (500)', 'an empty argument is still an argument');
    assert.equal(t('Load more ({0} loaded)'), 'Load more ({0} loaded)', 'no arguments: the text as it is');
    assert.equal(t('{0} and {2}', 'a'), 'a and {2}', 'a placeholder without an argument stays');
  });

  it('leaves a "{" that is not a placeholder, swallowing what follows it, as VS Code does', () => {
    // Why scripts/l10n.mjs refuses such messages: the {0} after the brace is never replaced.
    assert.equal(formatMessage('Unclosed "{" opened at {0}', [3]), 'Unclosed "{" opened at {0}');
    assert.equal(formatMessage('Unclosed {0} opened at {1}', ['"{"', 3]), 'Unclosed "{" opened at 3');
  });

  it('routes every message, from the domain modules too, through the translator once it is set', () => {
    const seen: string[] = [];
    setTranslator((message: string, ...args: L10nArg[]) => {
      seen.push(message);
      return `<${formatMessage(message, args)}>`;
    });
    assert.equal(t('Invoices'), '<Invoices>');
    const error = new ApiError({ kind: 'unauthorized', message: 'x', method: 'GET', path: '/companies', status: 401 });
    assert.equal(presentError(error, 0, 0).label, '<Key rejected>');
    assert.equal(queryProblem('status ='), '<Col 8: <Expected a value after "=">>', 'a message inside a message: both translated');
    assert.ok(seen.includes('Col {0}: {1}'), 'looked up by the English message with its placeholders');
    setTranslator(undefined);
    assert.equal(t('Invoices'), 'Invoices', 'undefined goes back to English');
  });
});
