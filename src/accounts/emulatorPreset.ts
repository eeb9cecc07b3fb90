// The local emulator as an account in one click. The emulator ships with the extension's source
// repository (`npm run emulator -- --port 4010`), not with the extension: a user without the
// repository has nothing listening there, and is told so and where it comes from. Its demo key is
// public (a fake key for that emulator alone) and the emulator hands it out at `/_emulator/info`,
// so nothing has to be typed. Asked of loopback addresses only; no key is ever sent there.
import { isLoopbackHost } from '../api';
import { apiKeyProblem } from '../auth/apiKeyInput';
import { t } from '../l10n';
import { checkBaseUrl } from '../connection/baseUrl';

export const EMULATOR_URL = 'http://127.0.0.1:4010';
export const EMULATOR_ACCOUNT_NAME = 'Local emulator';

/** The part of `fetch` used here, injectable for tests. */
export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

type EmulatorProbe = { ok: true; baseUrl: string; key: string } | { ok: false; message: string };

const PROBE_TIMEOUT_MS = 3000;
/** The look at activation and on Refresh: nobody waits on it, but a port that swallows the
 * request should not keep a socket open for long. */
const AVAILABILITY_TIMEOUT_MS = 1000;

function notAnswering(baseUrl: string): EmulatorProbe {
  return {
    ok: false,
    message: t(
      'No emulator answers at {0}. It comes with the extension\'s source repository: run "npm run emulator -- --port 4010" there, then try again.',
      baseUrl,
    ),
  };
}

/** Asks the emulator at `input` for its demo key. */
export async function probeEmulator(
  input: string,
  fetchImpl: FetchLike,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<EmulatorProbe> {
  const check = checkBaseUrl(input);
  if (!check.ok) return { ok: false, message: check.message };
  if (!isLoopbackHost(new URL(check.baseUrl).hostname))
    return {
      ok: false,
      message: t('The emulator runs on this machine: use a loopback address such as {0}.', EMULATOR_URL),
    };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(`${check.origin}/_emulator/info`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    const key = res.ok ? ((await res.json()) as { keys?: { normal?: unknown } } | null)?.keys?.normal : undefined;
    if (typeof key !== 'string' || key === '') return notAnswering(check.baseUrl);
    // Whatever listens on the port hands this over: held to the rules of a typed key.
    const problem = apiKeyProblem(key);
    if (problem !== undefined)
      return {
        ok: false,
        message: t('The service at {0} handed out a key that cannot be used: {1}', check.baseUrl, problem),
      };
    return { ok: true, baseUrl: check.baseUrl, key };
  } catch {
    return notAnswering(check.baseUrl);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether "Add Local Emulator" is offered: always in development mode (`npm start` runs one
 * beside the window), otherwise only when an emulator answers at `url` (loopback only, no key
 * sent). A user of the packaged extension has none, and sees no button that can only fail. */
export async function emulatorAvailable(
  development: boolean,
  fetchImpl: FetchLike,
  url: string = EMULATOR_URL,
): Promise<boolean> {
  if (development) return true;
  return (await probeEmulator(url, fetchImpl, AVAILABILITY_TIMEOUT_MS)).ok;
}

/** `name`, or `name 2`, `name 3` … the first no account is called (names are unique). */
export function freeName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  for (let i = 2; ; i++) if (!used.has(`${name} ${i}`.toLowerCase())) return `${name} ${i}`;
}
