import { useId, type ReactNode } from 'react';
import { useLocale } from '../shared/widget-root';
import { ACCESSIBILITY_EMAIL, ACCESSIBILITY_STATEMENTS, STATEMENT_DATE, type StatementSection } from './accessibility-statement';

/** A titled part of the statement, its heading naming the region. */
const Section = ({ section, children }: { section: StatementSection; children?: ReactNode }) => {
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
      {children}
    </section>
  );
};

/** The accessibility statement, in the page language: its status, standards, checks, limits, contact and remedies. */
export const AccessibilityView = () => {
  const { language } = useLocale();
  const text = ACCESSIBILITY_STATEMENTS[language];
  return (
    <div className="statement">
      <p className="statement__intro">{text.intro}</p>
      <Section section={text.status} />
      <Section section={text.standards} />
      <Section section={text.tests} />
      <Section section={text.screenReaders} />
      <Section section={text.limits} />
      <Section section={text.contact}>
        <dl className="statement__contact">
          <dt>{text.contact.emailLabel}</dt>
          <dd>
            <a href={`mailto:${ACCESSIBILITY_EMAIL}`}>{ACCESSIBILITY_EMAIL}</a>
          </dd>
          <dt>{text.contact.postalLabel}</dt>
          <dd>
            <address>
              {text.contact.postal.map((line, index) => (
                <span key={line}>
                  {index > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </dl>
      </Section>
      <Section section={text.recourse} />
      <Section section={{ title: text.dated.title, paragraphs: [] }}>
        <p>
          {text.dated.before}
          <time dateTime={STATEMENT_DATE}>{text.dated.date}</time>
          {text.dated.after}
        </p>
      </Section>
    </div>
  );
};
