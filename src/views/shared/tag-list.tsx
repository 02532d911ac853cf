/** A list of tags (categories) named for screen readers; nothing when there are none. */
export const TagList = ({ label, tags }: { label: string; tags: readonly string[] | null | undefined }) =>
  tags && tags.length > 0 ? (
    <ul className="tags" aria-label={label}>
      {tags.map((tag, index) => (
        <li key={`${index}:${tag}`} className="tag">
          {tag}
        </li>
      ))}
    </ul>
  ) : null;
