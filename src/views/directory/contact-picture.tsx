import { preload } from 'react-dom';
import type { Contact } from '../../domain/contact';

// The files' widths (SPEC §2: `img` 240 px, `img_2x` 480 px): the browser picks by the width shown, not by pixel ratio alone.
const SIZE = 240;
const SIZE_2X = 480;

/**
 * The contact's photo as a `<picture>`: WebP first, then the JPEG fallback, each file described by
 * its width so that a phone showing a 96 px card fetches the 240 px file, not the 480 px one;
 * `sizes` is the width shown. Lazy, unless `priority` (a first card, painted with the page).
 */
export const ContactPicture = ({
  contact,
  alt,
  className,
  sizes,
  priority = false,
}: {
  contact: Contact;
  alt: string;
  className?: string;
  sizes: string;
  priority?: boolean;
}) => {
  const fallback = contact.img ?? contact.image;
  if (!fallback) return null;
  const srcSet = (x1: string | null | undefined, x2: string | null | undefined): string | undefined =>
    x1 ? [`${x1} ${SIZE}w`, ...(x2 ? [`${x2} ${SIZE_2X}w`] : [])].join(', ') : undefined;
  if (priority) {
    // React preloads a plain <img> of high priority by itself, never one inside a <picture>: asked here, the server
    // writes it in the head, so the photo is on its way before the markup is parsed.
    const [href, set, type] = contact.img_wp
      ? [contact.img_wp, srcSet(contact.img_wp, contact.img_wp_2x), 'image/webp']
      : [fallback, srcSet(fallback, contact.img_2x), undefined];
    preload(href, { as: 'image', imageSrcSet: set, imageSizes: sizes, fetchPriority: 'high', ...(type === undefined ? {} : { type }) });
  }
  return (
    <picture className={className}>
      {contact.img_wp ? <source type="image/webp" srcSet={srcSet(contact.img_wp, contact.img_wp_2x)} sizes={sizes} /> : null}
      <img
        src={fallback}
        srcSet={srcSet(fallback, contact.img_2x)}
        sizes={sizes}
        alt={alt}
        width={SIZE}
        height={SIZE}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </picture>
  );
};
