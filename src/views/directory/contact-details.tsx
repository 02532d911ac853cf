import { lazy, Suspense } from 'react';
import type { Contact } from '../../domain/contact';

// The modal brings DOMPurify and vcard-creator: a visitor who never opens a contact never loads them.
const ContactDetailsContent = lazy(() => import('./contact-details-content').then((module) => ({ default: module.ContactDetailsContent })));

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
  <Suspense fallback={null}>
    <ContactDetailsContent contact={contact} closeHref={closeHref} onClose={onClose} onShown={onShown} />
  </Suspense>
);
