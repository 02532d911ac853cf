import { useId } from 'react';
import { ProfileText, type ProfileTextAnswer } from '../shared/profile-text';
import { useLocale } from '../shared/widget-root';
import { ACCESSIBILITY_STATEMENTS, type StatementSection } from './accessibility-statement';

/** A titled part of the statement, its heading naming the region. */
const Section = ({ section }: { section: StatementSection }) => {
  const titleId = useId();
  return (
    <section className="statement__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{section.title}</h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.items ? (
        <ul>
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
};

/**
 * The accessibility statement, in the page language: what the software does (its status,
 * standards, checks), then the institution's parts from its site profile (`institution`: known
 * limits, contact, remedies, date), whose `##` headings are the page's next h2. Without them (a
 * container mounted alone in another system's page) only the generic parts show.
 */
export const AccessibilityView = ({ institution }: { institution: ProfileTextAnswer | null }) => {
  const { language } = useLocale();
  const text = ACCESSIBILITY_STATEMENTS[language];
  return (
    <div className="statement">
      <p className="statement__intro">{text.intro}</p>
      <Section section={text.status} />
      <Section section={text.standards} />
      <Section section={text.tests} />
      <Section section={text.screenReaders} />
      {institution ? <ProfileText text={institution} className="statement__institution" /> : null}
    </div>
  );
};
