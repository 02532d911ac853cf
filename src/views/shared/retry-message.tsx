/** A failed call: a short message and a retry button, announced to screen readers. */
export const RetryMessage = ({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) => (
  <div className="notice notice--error" role="alert">
    <p>{message}</p>
    <button type="button" className="button" onClick={onRetry}>
      {retryLabel}
    </button>
  </div>
);
