import type { Contact } from '../../domain/contact';
import { isPerson, mailtoHref, safeWebsite, telHref } from '../../domain/directory';
import { useLocale } from '../shared/widget-root';

/** The coordinates shared by the card and the details: role, contact person, address, links. */
export const ContactFields = ({ contact }: { contact: Contact }) => {
  const { t } = useLocale();
  const website = safeWebsite(contact.website);
  return (
    <dl className="contact-fields">
      {isPerson(contact) && contact.fonction ? (
        <div className="contact-fields__role">
          <dt className="visually-hidden">{t('directory.role')}</dt>
          <dd>{contact.fonction}</dd>
        </div>
      ) : null}
      {contact.contact_person ? (
        <div>
          <dt>{t('directory.contactPerson')}</dt>
          <dd>{contact.contact_person}</dd>
        </div>
      ) : null}
      {contact.address ? (
        <div>
          <dt className="visually-hidden">{t('directory.address')}</dt>
          <dd className="contact-fields__address">{contact.address}</dd>
        </div>
      ) : null}
      {contact.email ? (
        <div>
          <dt>{t('directory.email')}</dt>
          <dd>
            <a href={mailtoHref(contact.email)}>{contact.email}</a>
          </dd>
        </div>
      ) : null}
      {contact.phone ? (
        <div>
          <dt>{t('directory.phone')}</dt>
          <dd>
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          </dd>
        </div>
      ) : null}
      {contact.fax ? (
        <div>
          <dt>{t('directory.fax')}</dt>
          <dd>{contact.fax}</dd>
        </div>
      ) : null}
      {contact.website ? (
        <div>
          <dt>{t('directory.website')}</dt>
          <dd>
            {website ? (
              <a href={website} target="_blank" rel="noopener noreferrer">
                {contact.website} <span className="visually-hidden">{t('common.newTab')}</span>
              </a>
            ) : (
              contact.website
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
};

/** The category tags of a contact. */
export const CategoryTags = ({ categories }: { categories: readonly string[] | null | undefined }) => {
  const { t } = useLocale();
  if (!categories || categories.length === 0) return null;
  return (
    <ul className="tags" aria-label={t('directory.categories')}>
      {categories.map((category, index) => (
        <li key={`${index}:${category}`} className="tag">
          {category}
        </li>
      ))}
    </ul>
  );
};
