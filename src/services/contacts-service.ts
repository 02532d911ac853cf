import { catchError, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { ContactCategoryList, ContactList, type Contact } from '../domain/contact';
import { contactsPath, type DirectoryFilters } from '../domain/directory';
import { getJson, type Api, type HttpFailure } from './http';

/** The answers of the contacts call, as events for the directory machine. */
export type ContactsEvent =
  | { readonly type: 'CONTACTS_LOADED'; readonly contacts: readonly Contact[] }
  | { readonly type: 'CONTACTS_FAILED'; readonly error: HttpFailure };

/** The answers of the contact categories call, as events for the directory machine. */
export type CategoriesEvent =
  | { readonly type: 'CATEGORIES_LOADED'; readonly categories: readonly string[] }
  | { readonly type: 'CATEGORIES_FAILED'; readonly error: HttpFailure };

/** The contacts matching the filters (`GET /api/contacts/?title=…&category=…`), as one event. */
export const loadContacts = (base: Api, filters: DirectoryFilters): Observable<ContactsEvent> =>
  getJson(base, contactsPath(filters), ContactList).pipe(
    map((contacts): ContactsEvent => ({ type: 'CONTACTS_LOADED', contacts })),
    catchError((error: HttpFailure) => of<ContactsEvent>({ type: 'CONTACTS_FAILED', error })),
  );

/** The titles of the contact categories (`GET /api/categories/contacts/`), as one event. */
export const loadContactCategories = (base: Api): Observable<CategoriesEvent> =>
  getJson(base, '/api/categories/contacts/', ContactCategoryList).pipe(
    map((categories): CategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories: categories.map((category) => category.title) })),
    catchError((error: HttpFailure) => of<CategoriesEvent>({ type: 'CATEGORIES_FAILED', error })),
  );

/** The contacts call as an actor: stopping it (a newer search) unsubscribes, which aborts the request. */
export const contactsActor = (base: Api) =>
  fromEventObservable(({ input }: { input: DirectoryFilters }) => loadContacts(base, input));

/** The categories call as an actor. */
export const contactCategoriesActor = (base: Api) => fromEventObservable<CategoriesEvent, void>(() => loadContactCategories(base));
