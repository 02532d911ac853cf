/** A list of tags (categories) named for screen readers, in the content's language when given; nothing when there are none. */
export const TagList = ({ label, tags, lang }: { label: string; tags: readonly string[] | null | undefined; lang?: string | undefined }) =>
  tags && tags.length > 0 ? (
    <ul className="tags" aria-label={label} lang={lang}>
      {tags.map((tag, index) => (
        <li key={`${index}:${tag}`} className="tag">
          {tag}
        </li>
      ))}
    </ul>
  ) : null;
