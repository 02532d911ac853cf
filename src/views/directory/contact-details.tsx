import { lazy, Suspense, useEffect } from 'react';
import type { Contact } from '../../domain/contact';

// The modal brings DOMPurify and vcard-creator: a visitor who never opens a contact never loads them.
const ContactDetailsContent = lazy(() => import('./contact-details-content').then((module) => ({ default: module.ContactDetailsContent })));

/**
 * While the modal's chunk loads (the first opening, just after the widget woke), Escape already
 * closes what the visitor opened, as it will once the modal is shown: focus is still on the opener,
 * so the modal's own handler cannot hear it yet. A replayed Escape (pressed before the widget woke)
 * bubbles here from the opener too.
 */
const Opening = ({ onClose }: { onClose: () => void }) => {
  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [onClose]);
  return null;
};

/**
 * The detail modal of a contact (`closeHref`: the list's address, where its cross leads without script), loaded in its own
 * chunk the first time a contact is opened; `onShown` says when it holds focus and when it is gone (src/views/shared/modal.tsx).
 */
export const ContactDetails = ({
  contact,
  closeHref,
  onClose,
  onShown,
}: {
  contact: Contact;
  closeHref: string;
  onClose: () => void;
  onShown: (shown: boolean) => void;
}) => (
  <Suspense fallback={<Opening onClose={onClose} />}>
    <ContactDetailsContent contact={contact} closeHref={closeHref} onClose={onClose} onShown={onShown} />
  </Suspense>
);
