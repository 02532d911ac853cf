import { lazy, Suspense } from 'react';
import type { Contact } from '../../domain/contact';

// The modal brings DOMPurify and vcard-creator: a visitor who never opens a contact never loads them.
const ContactDetailsContent = lazy(() => import('./contact-details-content').then((module) => ({ default: module.ContactDetailsContent })));

/** The detail modal of a contact, loaded in its own chunk the first time a contact is opened. */
export const ContactDetails = ({ contact, onClose }: { contact: Contact; onClose: () => void }) => (
  <Suspense fallback={null}>
    <ContactDetailsContent contact={contact} onClose={onClose} />
  </Suspense>
);
