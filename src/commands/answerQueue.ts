// How a test's queued answer answers a question (src/commands/prompt.ts asks; this decides), in
// plain TypeScript so that it is tested without VS Code. One queue for every kind of question, in
// the order asked, as Azure's TestUserInput has it: an answer that cannot answer the question it
// meets (a URI for a modal) is the test's mistake and fails the command loudly.

type QuestionKind = 'modal' | 'input' | 'pick' | 'save' | 'open' | 'notification';

/** A question as the tests read it back. */
export interface AskedQuestion {
  kind: QuestionKind;
  /** A modal's message; an input box's, a pick's or a dialog's title. */
  message: string;
  /** A modal's detail; an input box's prompt; a pick's placeholder. */
  detail: string;
  /** A modal's or a notification's buttons, in the order shown: a modal's first is the one Enter presses. */
  buttons: string[];
  /** Why the queued answer was refused: an input box's validateInput message, or the detail of
   * the pick's row it named, which cannot be accepted. */
  validationMessage?: string;
}

interface PickRow {
  label: string;
  description?: string;
  detail?: string;
}

/** A quick pick's answer: the text typed (a search, a filter), and the row accepted (its label
 * without the icon, or a test of the row); by default the row labelled as the text typed. */
interface PickAnswer {
  value?: string;
  row?: string | ((row: PickRow) => boolean);
}

/** A dialog's answer: the file chosen (a vscode.Uri; only its being an object is checked here). */
interface FileAnswer {
  readonly scheme: string;
  readonly path: string;
}

/** `false`/`undefined` dismiss any question; `true` presses a modal's go-ahead button; a string
 * presses the button of that label, is typed into an input box or names a pick's row. */
export type Answer = boolean | string | PickAnswer | FileAnswer | readonly FileAnswer[] | undefined;

/** What the tests hold of the questions (DataPlatformApi.prompts). */
export interface PromptHooks {
  /** Every question asked, oldest first. */
  readonly asked: AskedQuestion[];
  /** The next answers, oldest first. */
  readonly answers: Answer[];
  /** What was handed to the system's viewer (a file's path), recorded instead of opened. */
  readonly opened: string[];
}

const isFile = (a: unknown): a is FileAnswer =>
  typeof a === 'object' && a !== null && typeof (a as FileAnswer).scheme === 'string';

function mismatch(kind: QuestionKind, answer: Answer): Error {
  const shown = typeof answer === 'function' ? 'a function' : JSON.stringify(answer);
  return new Error(`The queued answer ${shown} cannot answer the ${kind} question.`);
}

/** The button a modal's answer presses; undefined closes it. `yes` is the one `true` presses. */
export function modalButton(answer: Answer, buttons: readonly string[], yes: string): string | undefined {
  if (answer === undefined || answer === false) return undefined;
  if (answer === true) return yes;
  if (typeof answer === 'string' && buttons.includes(answer)) return answer;
  throw mismatch('modal', answer);
}

/** Whether a notification takes the next queued answer: only one with buttons, and only while
 * answers are queued. A notification comes when its work ends (a watch, a sync), not when a test
 * asks: one without buttons never takes an answer meant for a later question, and with nothing
 * queued it is left unanswered, as a user who does not click it leaves it. */
export function notificationTakesAnswer(buttons: readonly string[], queued: number): boolean {
  return buttons.length > 0 && queued > 0;
}

/** The button a notification's answer presses: `true` the first, a string the button of that
 * label; `false`/`undefined` leave it unanswered. */
export function notificationButton(answer: Answer, buttons: readonly string[]): string | undefined {
  if (answer === undefined || answer === false) return undefined;
  if (buttons.length > 0 && answer === true) return buttons[0];
  if (typeof answer === 'string' && buttons.includes(answer)) return answer;
  throw mismatch('notification', answer);
}

/** What an input box makes of its answer: the value accepted, or why its validateInput refused it
 * (the user could not have accepted it either, and the box was dismissed). */
export function inputValue(
  answer: Answer,
  validate: ((value: string) => string | undefined) | undefined,
): { value?: string; refused?: string } {
  if (answer === undefined || answer === false) return {};
  if (typeof answer !== 'string') throw mismatch('input', answer);
  const refused = validate?.(answer);
  return refused === undefined ? { value: answer } : { refused };
}

const withoutIcon = (label: string) => label.replace(/^\$\([\w~-]+\)\s*/, '');

/** A pick's answer as what to type and which row to accept; undefined dismisses the pick. */
export function pickAnswer(answer: Answer): { value?: string; accepts: (row: PickRow) => boolean } | undefined {
  if (answer === undefined || answer === false) return undefined;
  const a: PickAnswer | undefined =
    typeof answer === 'string'
      ? { row: answer }
      : typeof answer === 'object' && !isFile(answer) && !Array.isArray(answer)
        ? (answer as PickAnswer)
        : undefined;
  if (!a || (a.value === undefined && a.row === undefined)) throw mismatch('pick', answer);
  const row = a.row ?? a.value ?? '';
  const accepts = typeof row === 'function' ? row : (r: PickRow) => withoutIcon(r.label).trim() === row.trim();
  return { value: a.value, accepts };
}

/** The files a dialog's answer chose; undefined cancels it. */
export function dialogFiles(answer: Answer, kind: 'save' | 'open'): FileAnswer[] | undefined {
  if (answer === undefined || answer === false) return undefined;
  if (isFile(answer)) return [answer];
  if (kind === 'open' && Array.isArray(answer) && answer.every(isFile)) return [...answer];
  throw mismatch(kind, answer);
}
