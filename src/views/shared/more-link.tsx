import type { MouseEvent } from 'react';

/** Whether a click asks the browser for something of its own: a new tab or window, a download, another button. */
export const isBrowserClick = (event: MouseEvent): boolean => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A link the widget handles in place once its script runs: a plain click sends the machine its
 * event instead of leaving the page. Before the script (or without it) it is followed, and the
 * server renders its address; a click for a new tab keeps the browser's meaning.
 */
export const InPlaceLink = ({
  href,
  className,
  busy,
  label,
  onFollow,
}: {
  href: string;
  className?: string;
  busy?: boolean;
  label: string;
  onFollow: () => void;
}) => (
  <a
    href={href}
    className={className}
    aria-busy={busy}
    // The sleeping page holds its click until the widget wakes, then the widget follows it in place (src/views/islands/island-events.ts).
    data-in-place=""
    onClick={(event) => {
      if (isBrowserClick(event)) return;
      event.preventDefault();
      onFollow();
    }}
  >
    {label}
  </a>
);

/** What "Afficher plus" (or "Événements passés") needs: its place, its label and address, whether a page is loading and whether the last one failed. */
export interface MoreLinkProps {
  readonly className: string;
  readonly label: string;
  /** The address of the list with one page more, which the server renders: what the link is without script. */
  readonly href: string;
  readonly failedMessage: string;
  readonly failed: boolean;
  readonly busy: boolean;
  readonly onMore: () => void;
}

/** The link that asks a list for its next page, after the alert saying the last request failed (the link then tries again). */
export const MoreLink = ({ className, label, href, failedMessage, failed, busy, onMore }: MoreLinkProps) => (
  <>
    {failed ? (
      <p className="notice notice--error" role="alert">
        {failedMessage}
      </p>
    ) : null}
    <p className={className}>
      <InPlaceLink href={href} className="button" busy={busy} label={label} onFollow={onMore} />
    </p>
  </>
);
