/** What "Afficher plus" (or "Événements passés") needs: its place, its label, whether a page is loading and whether the last one failed. */
export interface MoreButtonProps {
  readonly className: string;
  readonly label: string;
  readonly failedMessage: string;
  readonly failed: boolean;
  readonly busy: boolean;
  readonly onMore: () => void;
}

/** The button that asks a list for its next page, after the alert saying the last request failed (the button then tries again). */
export const MoreButton = ({ className, label, failedMessage, failed, busy, onMore }: MoreButtonProps) => (
  <>
    {failed ? (
      <p className="notice notice--error" role="alert">
        {failedMessage}
      </p>
    ) : null}
    <p className={className}>
      <button type="button" className="button" aria-busy={busy} onClick={onMore}>
        {label}
      </button>
    </p>
  </>
);
