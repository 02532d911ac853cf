import { Fragment, type ReactNode } from 'react';
import type { Contact } from '../../domain/contact';
import { addressBreaks, isPerson, mailtoHref, safeWebsite, telHref } from '../../domain/directory';
import { TagList } from '../shared/tag-list';
import { useLocale } from '../shared/widget-root';

/** One labelled line of a contact; the label may be for screen readers only. */
const Field = ({
  label,
  hidden = false,
  className,
  lang,
  children,
}: {
  label: string;
  hidden?: boolean;
  className?: string;
  lang?: string | undefined;
  children: ReactNode;
}) => (
  <div className={className}>
    <dt className={hidden ? 'visually-hidden' : undefined}>{label}</dt>
    <dd lang={lang}>{children}</dd>
  </div>
);

/** An address with a break opportunity (`<wbr>`) at each of its sensible places, so a narrow card breaks it there and not mid-word. */
const Breakable = ({ text }: { text: string }) => (
  <>
    {addressBreaks(text).map((piece, index) => (
      // The pieces of one address, in order: their place is their identity.
      <Fragment key={index}>
        {index > 0 ? <wbr /> : null}
        {piece}
      </Fragment>
    ))}
  </>
);

/** The coordinates shared by the card and the details: role, contact person, address, links. */
export const ContactFields = ({ contact }: { contact: Contact }) => {
  const { t, contentLang } = useLocale();
  const website = safeWebsite(contact.website);
  return (
    <dl className="contact-fields">
      {isPerson(contact) && contact.fonction ? (
        <Field label={t('directory.role')} hidden className="contact-fields__role" lang={contentLang}>
          {contact.fonction}
        </Field>
      ) : null}
      {contact.contact_person ? (
        <Field label={t('directory.contactPerson')} lang={contentLang}>
          {contact.contact_person}
        </Field>
      ) : null}
      {contact.address ? (
        <Field label={t('directory.address')} hidden className="contact-fields__address" lang={contentLang}>
          {contact.address}
        </Field>
      ) : null}
      {contact.email ? (
        <Field label={t('directory.email')} className="contact-fields__breakable">
          <a href={mailtoHref(contact.email)}>
            <Breakable text={contact.email} />
          </a>
        </Field>
      ) : null}
      {contact.phone ? (
        <Field label={t('directory.phone')} className="contact-fields__number">
          <a href={telHref(contact.phone)}>{contact.phone}</a>
        </Field>
      ) : null}
      {contact.fax ? (
        <Field label={t('directory.fax')} className="contact-fields__number">
          {contact.fax}
        </Field>
      ) : null}
      {contact.website ? (
        <Field label={t('directory.website')} className="contact-fields__breakable">
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer">
              <Breakable text={contact.website} /> <span className="visually-hidden">{t('common.newTab')}</span>
            </a>
          ) : (
            <Breakable text={contact.website} />
          )}
        </Field>
      ) : null}
    </dl>
  );
};

/** The category tags of a contact. */
export const CategoryTags = ({ categories }: { categories: readonly string[] | null | undefined }) => {
  const { t, contentLang } = useLocale();
  return <TagList label={t('directory.categories')} tags={categories} lang={contentLang} />;
};
