/** A failed call: a short message and a retry button, announced to screen readers. */
export const RetryMessage = ({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) => (
  <div className="notice notice--error" role="alert">
    <p>{message}</p>
    <button type="button" className="button" onClick={onRetry}>
      {retryLabel}
    </button>
  </div>
);

/**
 * A call that is being tried again (a time-out, no network, a busy server): a polite status
 * that says the page is still trying, so the visitor does not take the wait for a dead page.
 */
export const StillTrying = ({ message }: { message: string }) => (
  <p className="notice notice--retrying" role="status">
    {message}
  </p>
);
