// A push that ended Failed or TimedOut is not an HTTP failure (its status was read with a 200), but
// the user reads it the same way: its validation errors and warnings, the platform's message and
// the operation itself. Made into an ApiError here so the diagnostics panel shows it like any other.
import { ApiError, pushPath, type PushOperation } from '../api';
import { t } from '../l10n';

/** The operation's own words: its error message, else what its validation says first. */
function summary(op: PushOperation): string {
  const first = op.validation?.errors?.[0];
  if (op.errorMessage) return op.errorMessage;
  if (first) return first.itemId ? `${first.itemId}: ${first.message}` : first.message;
  return op.status === 'TimedOut'
    ? t('The platform did not take the push in time.')
    : t('The platform refused the push.');
}

/** The diagnostics entry of a push that did not succeed. */
export function pushFailure(op: PushOperation): ApiError {
  const errors = op.validation?.errors?.length ?? 0;
  return new ApiError({
    kind: op.status === 'TimedOut' ? 'timeout' : errors > 0 ? 'badRequest' : 'server',
    message:
      op.status === 'TimedOut'
        ? t('Push of {0} timed out: {1}', op.dataType, summary(op))
        : t('Push of {0} failed: {1}', op.dataType, summary(op)),
    // The push itself (its POST was answered; the push is what failed), as the log and panel name it.
    method: 'POST',
    path: pushPath(op.companyId, op.dataConnectionKey, op.dataType),
    status: op.statusCode,
    body: {
      statusCode: op.statusCode ?? 0,
      service: 'PushOperation',
      error: op.errorMessage ?? summary(op),
      correlationId: '',
      ...(op.validation ? { validation: op.validation } : {}),
    },
    rawBody: JSON.stringify(op, null, 2),
    retryable: false,
  });
}
