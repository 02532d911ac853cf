import { useEffect, useId, useRef, type ReactNode } from 'react';
import { isBrowserClick } from './more-link';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The mark of what a modal dialog made inert (or the server drew inert behind it), so that closing gives it back. */
export const MODAL_INERT_ATTRIBUTE = 'data-modal-inert';

const giveBackInert = (doc: Document): void => {
  for (const element of doc.querySelectorAll<HTMLElement>(`[${MODAL_INERT_ATTRIBUTE}]`)) {
    element.inert = false;
    element.removeAttribute(MODAL_INERT_ATTRIBUTE);
  }
};

/**
 * A modal dialog: named by its title, focus moved in on open and kept inside, closed by
 * its cross, Escape or a click on the backdrop; the opener gets focus back on close. With a
 * `closeHref` (the page the dialog sits on, without it) the cross and the backdrop are links
 * there, so the server's dialog closes without script too; with script they close it in place.
 * `onShown` tells the page when the dialog holds focus and when it is gone, so that it can make
 * what lies behind inert only then: earlier, the opener would lose focus before the dialog takes it.
 */
export const Modal = ({
  title,
  titleLang,
  closeLabel,
  closeHref,
  onClose,
  onShown,
  children,
}: {
  title: string;
  /** The title's language when it is the institution's content on a page that speaks another. */
  titleLang?: string | undefined;
  closeLabel: string;
  closeHref?: string | undefined;
  onClose: () => void;
  onShown?: ((shown: boolean) => void) | undefined;
  children: ReactNode;
}) => {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The latest callback, read by the effect that runs once per opening.
  const shownRef = useRef(onShown);
  useEffect(() => {
    shownRef.current = onShown;
  }, [onShown]);

  useEffect(() => {
    const element = dialog.current;
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A server-drawn dialog the visitor already tabbed into before the page woke keeps that focus (waking is invisible).
    const inside = focused !== null && element?.contains(focused) === true;
    const opener = inside ? null : focused;
    if (!inside) element?.focus();
    // Focus is in the dialog first; only then may the page make the opener's side inert.
    shownRef.current?.(true);
    return () => {
      // By now the page has drawn its side without inert (in the commit that closed the dialog); the server's
      // marks go too, and only then does focus go back to the opener, which an inert ancestor would refuse.
      shownRef.current?.(false);
      giveBackInert(element?.ownerDocument ?? document);
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the backdrop is the pointer's way out; Escape is the keyboard's (the dialog's onKeyDown).
    <div className="modal-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      {closeHref === undefined ? null : (
        // The backdrop's way out without script: out of the reading order and of the focus order, the
        // cross being the one named control ("Fermer") for every visitor.
        // eslint-disable-next-line jsx-a11y/anchor-has-content -- hidden from assistive technology on purpose: the cross is the dialog's one named way out.
        <a
          href={closeHref}
          className="modal-backdrop__link"
          data-in-place=""
          aria-hidden="true"
          tabIndex={-1}
          onClick={(event) => {
            if (isBrowserClick(event)) return;
            event.preventDefault();
            onClose();
          }}
        />
      )}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog handles its keys: Escape closes it, Tab stays inside it. */}
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title" lang={titleLang}>
            {title}
          </h2>
          {closeHref === undefined ? (
            <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          ) : (
            <a
              href={closeHref}
              className="modal__close"
              data-in-place=""
              aria-label={closeLabel}
              onClick={(event) => {
                if (isBrowserClick(event)) return;
                event.preventDefault();
                onClose();
              }}
            >
              <span aria-hidden="true">×</span>
            </a>
          )}
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
};
