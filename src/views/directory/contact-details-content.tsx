import { useMemo } from 'react';
import type { Contact } from '../../domain/contact';
import { vCardFileName } from '../../domain/file-names';
import { toVCard } from '../../domain/vcard';
import { Modal } from '../shared/modal';
import { SanitizedHtml } from '../shared/sanitized-html';
import { useLocale } from '../shared/widget-root';
import { CategoryTags, ContactFields } from './contact-fields';
import { ContactPicture } from './contact-picture';

/** The detail modal of a contact (SPEC §2): everything the card shows, and the rest, with its vCard. */
export const ContactDetailsContent = ({
  contact,
  closeHref,
  onClose,
  onShown,
}: {
  contact: Contact;
  closeHref?: string;
  onClose: () => void;
  onShown?: (shown: boolean) => void;
}) => {
  const { t, contentLang } = useLocale();
  const vCard = useMemo(() => `data:text/vcard;charset=utf-8,${encodeURIComponent(toVCard(contact))}`, [contact]);
  return (
    <Modal title={contact.title} titleLang={contentLang} closeLabel={t('common.close')} closeHref={closeHref} onClose={onClose} onShown={onShown}>
      <div className="contact-details">
        <figure className="contact-details__figure">
          <ContactPicture contact={contact} alt={t('directory.photo', { title: contact.title })} sizes="240px" priority />
          {contact.copyright ? <figcaption>{t('directory.copyright', { copyright: contact.copyright })}</figcaption> : null}
        </figure>
        <div className="contact-details__main">
          <ContactFields contact={contact} />
          {contact.parti ? (
            <dl className="contact-fields">
              <div>
                <dt>{t('directory.party')}</dt>
                <dd lang={contentLang}>{contact.parti}</dd>
              </div>
            </dl>
          ) : null}
          {contact.description ? (
            <section>
              <h3>{t('directory.description')}</h3>
              <SanitizedHtml html={contact.description} className="rich-text" />
            </section>
          ) : null}
          {contact.commissions && contact.commissions.length > 0 ? (
            <section>
              <h3>{t('directory.commissions')}</h3>
              <ul lang={contentLang}>
                {contact.commissions.map((commission, index) => (
                  <li key={`${index}:${commission}`}>{commission}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {contact.registre_interets ? (
            <section>
              <h3>{t('directory.interests')}</h3>
              <SanitizedHtml html={contact.registre_interets} className="rich-text" />
            </section>
          ) : null}
          <CategoryTags categories={contact.categories} />
          <p>
            <a href={vCard} download={vCardFileName(contact)}>
              {t('directory.vcard')}
            </a>
          </p>
        </div>
      </div>
    </Modal>
  );
};
