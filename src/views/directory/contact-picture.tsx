import type { Contact } from '../../domain/contact';

const SIZE = 240;

/** The contact's photo as a `<picture>`: WebP 1x/2x first, then the JPEG fallback; lazy, sized. */
export const ContactPicture = ({ contact, alt, className }: { contact: Contact; alt: string; className?: string }) => {
  const fallback = contact.img ?? contact.image;
  if (!fallback) return null;
  const srcSet = (x1: string | null | undefined, x2: string | null | undefined): string | undefined =>
    x1 ? [`${x1} 1x`, ...(x2 ? [`${x2} 2x`] : [])].join(', ') : undefined;
  return (
    <picture className={className}>
      {contact.img_wp ? <source type="image/webp" srcSet={srcSet(contact.img_wp, contact.img_wp_2x)} /> : null}
      <img src={fallback} srcSet={srcSet(fallback, contact.img_2x)} alt={alt} width={SIZE} height={SIZE} loading="lazy" decoding="async" />
    </picture>
  );
};
