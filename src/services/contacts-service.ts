import { catchError, concatMap, defer, ignoreElements, map, merge, of, shareReplay, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { Contact, ContactCategoryList } from '../domain/contact';
import { CONTACTS_PATH, contactItemPath, contactLettersPath, contactsPath, type DirectoryFilters } from '../domain/directory';
import { ContactLetters, type LetterCount } from '../domain/directory-letter';
import { withPicturesOn } from '../domain/media-addresses';
import { ListAnswer, PAGE_SIZES, listPagePath } from '../domain/paging';
import { DEFAULT_RETRY_POLICY, attemptEvents, baseOf, getJson, getJsonAttempts, type Api, type HttpFailure, type RetryPolicy, type RetryProgress } from './http';

/**
 * The answers of the contacts call, as events for the directory machine. `next` is the path
 * of the further page (relative to the API base) and `count` how many contacts match in all;
 * an event without them holds the whole list (a legacy answer), which the machine windows.
 * `CONTACTS_RETRYING` comes before each retry of a slow or failing call.
 */
export type ContactsEvent =
  | ({ readonly type: 'CONTACTS_RETRYING' } & RetryProgress)
  | {
      readonly type: 'CONTACTS_LOADED';
      readonly contacts: readonly Contact[];
      readonly next?: string | null;
      readonly count?: number | null;
      /** The index's letters that have contacts under the name and category filters; `null` or absent when the backend does not say (every letter is then a link). */
      readonly letters?: readonly LetterCount[] | null;
    }
  | { readonly type: 'CONTACTS_FAILED'; readonly error: HttpFailure };

/** The answers of a further page of contacts. */
export type MoreContactsEvent =
  | { readonly type: 'MORE_CONTACTS_LOADED'; readonly contacts: readonly Contact[]; readonly next: string | null }
  | { readonly type: 'MORE_CONTACTS_FAILED'; readonly error: HttpFailure };

/** The answers of the call of one contact, for a permalink whose contact is not in the list. */
export type ContactEvent = { readonly type: 'CONTACT_LOADED'; readonly contact: Contact } | { readonly type: 'CONTACT_FAILED'; readonly error: HttpFailure };

/** The answers of the contact categories call, as events for the directory machine. */
export type CategoriesEvent =
  { readonly type: 'CATEGORIES_LOADED'; readonly categories: readonly string[] } | { readonly type: 'CATEGORIES_FAILED'; readonly error: HttpFailure };

const ContactsAnswer = ListAnswer(Contact);

// Asked once, never again: the list waits for the letters, and a row of plain links is a fair answer when they fail.
const LETTERS_POLICY: RetryPolicy = { ...DEFAULT_RETRY_POLICY, retries: 0 };

/** The index's letters for the name and category filters, or `null` when the backend cannot say (a legacy API answers 404, a failure is not retried). */
export const loadContactLetters = (base: Api, filters: DirectoryFilters): Observable<readonly LetterCount[] | null> =>
  getJson(base, contactLettersPath(filters), ContactLetters, LETTERS_POLICY).pipe(catchError(() => of(null)));

/**
 * The first page of the contacts matching the filters (`GET /api/contacts/?title=…&category=…&page_size=48`),
 * as one event: a reference server's page, or a legacy backend's whole array.
 */
export const loadContacts = (base: Api, filters: DirectoryFilters, pageSize: number = PAGE_SIZES.contacts): Observable<ContactsEvent> =>
  defer(() => {
    // The letters are asked for beside the list, not after it; the list's event waits for them.
    const letters = loadContactLetters(base, filters).pipe(shareReplay({ bufferSize: 1, refCount: true }));
    const list = getJsonAttempts(base, contactsPath(filters, pageSize), ContactsAnswer).pipe(
      attemptEvents(
        (progress): ContactsEvent => ({ type: 'CONTACTS_RETRYING', ...progress }),
        (answer): ContactsEvent => ({
          type: 'CONTACTS_LOADED',
          contacts: answer.items.map((contact) => withPicturesOn(baseOf(base), contact)),
          next: listPagePath(answer.next, baseOf(base), CONTACTS_PATH),
          count: answer.count,
        }),
      ),
      concatMap((event) => (event.type === 'CONTACTS_LOADED' ? letters.pipe(map((found): ContactsEvent => ({ ...event, letters: found }))) : of(event))),
      catchError((error: HttpFailure) => of<ContactsEvent>({ type: 'CONTACTS_FAILED', error })),
    );
    return merge(letters.pipe(ignoreElements()), list);
  });

/** A further page of contacts (the path from `next`), as one event. */
export const loadMoreContacts = (base: Api, path: string): Observable<MoreContactsEvent> =>
  getJson(base, path, ContactsAnswer).pipe(
    map((answer): MoreContactsEvent => ({
      type: 'MORE_CONTACTS_LOADED',
      contacts: answer.items.map((contact) => withPicturesOn(baseOf(base), contact)),
      next: listPagePath(answer.next, baseOf(base), CONTACTS_PATH),
    })),
    catchError((error: HttpFailure) => of<MoreContactsEvent>({ type: 'MORE_CONTACTS_FAILED', error })),
  );

/** One contact by its slug (`GET /api/contacts/{slug}/`), as one event; a legacy backend fails it with a 404. */
export const loadContact = (base: Api, slug: string): Observable<ContactEvent> =>
  getJson(base, contactItemPath(slug), Contact).pipe(
    map((contact): ContactEvent => ({ type: 'CONTACT_LOADED', contact: withPicturesOn(baseOf(base), contact) })),
    catchError((error: HttpFailure) => of<ContactEvent>({ type: 'CONTACT_FAILED', error })),
  );

/** The titles of the contact categories (`GET /api/categories/contacts/`), as one event. */
export const loadContactCategories = (base: Api): Observable<CategoriesEvent> =>
  getJson(base, '/api/categories/contacts/', ContactCategoryList).pipe(
    map((categories): CategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories: categories.map((category) => category.title) })),
    catchError((error: HttpFailure) => of<CategoriesEvent>({ type: 'CATEGORIES_FAILED', error })),
  );

/** The contacts call as an actor: stopping it (a newer search) unsubscribes, which aborts the request. */
export const contactsActor = (base: Api, pageSize: number = PAGE_SIZES.contacts) =>
  fromEventObservable(({ input }: { input: DirectoryFilters }) => loadContacts(base, input, pageSize));

/** The further-page call as an actor; its input is the path of the page. */
export const moreContactsActor = (base: Api) => fromEventObservable(({ input }: { input: string }) => loadMoreContacts(base, input));

/** The call of one contact as an actor; its input is the contact's slug. */
export const contactActor = (base: Api) => fromEventObservable(({ input }: { input: string }) => loadContact(base, input));

/** The categories call as an actor. */
export const contactCategoriesActor = (base: Api) => fromEventObservable<CategoriesEvent, void>(() => loadContactCategories(base));
