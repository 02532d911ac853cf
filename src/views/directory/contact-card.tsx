import { memo, useId, type MouseEvent } from 'react';
import type { Contact } from '../../domain/contact';
import { contactPath, contactSlug } from '../../domain/permalinks';
import { useLocale } from '../shared/widget-root';
import { CategoryTags, ContactFields } from './contact-fields';
import { ContactPicture } from './contact-picture';

import { isBrowserClick } from '../shared/more-link';

/**
 * One contact of the grid (SPEC §2): an article named by its title, which is a link to its
 * details, and a "⋯" link to the same details. Both go to the contact's own page, so they work
 * without script and in a new tab; with script a plain click opens the details in the modal instead.
 */
export const ContactCard = memo(function ContactCard({
  contact,
  onMore,
  anchor,
  aboveFold = false,
}: {
  contact: Contact;
  /** One of the first cards, on screen as the page opens: its photo is fetched with the page, not lazily. */
  aboveFold?: boolean;
  /** The id a followed "Afficher plus" link scrolls to: the first card of the latest page. */
  anchor?: string | undefined;
  /** Opens the details of the contact, by its slug, from the link that was followed (where focus goes back). */
  onMore: (slug: string, from: HTMLElement) => void;
}) {
  const { t, contentLang, localize } = useLocale();
  const titleId = useId();
  const href = localize(contactPath(contact));
  const follow = (event: MouseEvent<HTMLAnchorElement>): void => {
    // Ctrl, Meta, Shift or the middle button: the browser's own new tab or window.
    if (isBrowserClick(event)) return;
    event.preventDefault();
    onMore(contactSlug(contact), event.currentTarget);
  };
  return (
    // The slug finds the card again when a permalink's details close, to give it focus.
    <article id={anchor} className="contact-card" aria-labelledby={titleId} data-contact-slug={contactSlug(contact)}>
      <ContactPicture contact={contact} alt={t('directory.photo', { title: contact.title })} className="contact-card__picture" sizes="96px" priority={aboveFold} />
      <div className="contact-card__body">
        {/* Focusable by script only: "Afficher plus" moves focus to the first new card. */}
        <h3 id={titleId} className="contact-card__title" tabIndex={-1} lang={contentLang}>
          <a href={href} className="contact-card__name" data-in-place="" onClick={follow}>
            {contact.title}
          </a>
        </h3>
        <ContactFields contact={contact} />
        <CategoryTags categories={contact.categories} />
      </div>
      <a href={href} className="contact-card__more" data-in-place="" aria-label={t('directory.more', { title: contact.title })} onClick={follow}>
        <span aria-hidden="true">⋯</span>
      </a>
    </article>
  );
});

/** A card-sized grey block shown while the first answer is on its way, so nothing jumps. */
export const PlaceholderCard = () => (
  <div className="contact-card contact-card--placeholder" aria-hidden="true">
    <div className="placeholder placeholder--picture" />
    <div className="contact-card__body">
      <div className="placeholder placeholder--title" />
      <div className="placeholder placeholder--line" />
      <div className="placeholder placeholder--line" />
      <div className="placeholder placeholder--line placeholder--short" />
    </div>
  </div>
);
