/**
 * How to reach the (fictional) Canton de Valmont, as the footer of every page says it. Its phone
 * number begins with 0 after the area code, which no Swiss subscriber number does: it cannot ring anyone.
 */

/** The lines of the institution's postal address, below its office's name. */
export const INSTITUTION_POSTAL: readonly string[] = ['Place du Château 1', '1990 Valmont'];

/** The institution's phone number as written, and as dialled (`tel:`). */
export const INSTITUTION_PHONE = { shown: '+41 27 000 10 00', dialled: '+41270001000' } as const;

/** The institution's general e-mail address. */
export const INSTITUTION_EMAIL = 'chancellerie@canton.example';
