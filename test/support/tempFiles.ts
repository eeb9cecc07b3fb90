import { basename } from 'node:path';
import { tempNameFor } from '../../src/export/fileSink';

/** Whether a file name is one of the temporary files of an export of `target`. */
export function isTempFileOf(target: string, name: string): boolean {
  const random = /\.([0-9a-f]+)\.part$/.exec(name)?.[1];
  return random !== undefined && name === tempNameFor(basename(target), random);
}
