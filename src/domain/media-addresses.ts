// An API on another origin (`data-api-base="https://api.example.ch"`) answers media paths such as
// `/media/3/portrait.jpg`: on the host page those would point at the host's own server. They are
// made absolute against the API's base as they are read, so every view shows the API's files.

const isAbsoluteBase = (base: string): boolean => /^https?:\/\//i.test(base);

/** A media address of an API answer as the page must ask for it: resolved against an absolute API base, untouched otherwise. */
export const mediaAddress = (base: string, address: string | null | undefined): string | null | undefined => {
  if (address === null || address === undefined || address === '' || !isAbsoluteBase(base)) return address;
  try {
    return new URL(address, `${base.replace(/\/+$/, '')}/`).href;
  } catch {
    return address;
  }
};

/** An item with its `image` resolved against the API base (news items, articles, shop items). */
export const withImageOn = <T extends { readonly image?: string | null | undefined }>(base: string, item: T): T =>
  !isAbsoluteBase(base) || !item.image ? item : { ...item, image: mediaAddress(base, item.image) };

type ContactMedia = 'image' | 'img' | 'img_2x' | 'img_wp' | 'img_wp_2x';
const CONTACT_MEDIA: readonly ContactMedia[] = ['image', 'img', 'img_2x', 'img_wp', 'img_wp_2x'];

/** A contact with each of its picture addresses resolved against the API base. */
export const withPicturesOn = <T extends Readonly<Partial<Record<ContactMedia, string | null | undefined>>>>(base: string, contact: T): T => {
  if (!isAbsoluteBase(base)) return contact;
  const resolved: Partial<Record<ContactMedia, string | null | undefined>> = {};
  for (const field of CONTACT_MEDIA) if (contact[field]) resolved[field] = mediaAddress(base, contact[field]);
  return { ...contact, ...resolved };
};
