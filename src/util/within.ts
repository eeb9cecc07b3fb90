/** Resolves when `promise` settles (either way) or after `ms`, whichever comes first; never
 * rejects. For waits that must not hold their caller forever. */
export function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    limit,
  ]).finally(() => clearTimeout(timer));
}
