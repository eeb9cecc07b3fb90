// The one switch for what only tests need: the integration runner sets DP_TEST_HOOKS=on in the
// extension host's environment, and only then does the extension keep its log lines and prompts,
// track its quick picks, return its internals from `activate`, and let the diagnostics page report
// what it shows and obey the tests' clicks. A user's extension host never has it, so a user's
// extension computes and sends none of it.
export const TEST_HOOKS_ENV = 'DP_TEST_HOOKS';

export function testHooksEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return env[TEST_HOOKS_ENV] === 'on';
}
