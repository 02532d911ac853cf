import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc, { type Arbitrary } from 'fast-check';
import * as t from 'io-ts';
import { firstValueFrom } from 'rxjs';
import { CartItem } from '../../src/domain/cart';
import { PROTOTYPE_KEYS, isPrototypeKey, parseJson } from '../../src/domain/json';
import { Id } from '../../src/domain/wire';
import { CART_ITEMS_KEY, readStoredCart } from '../../src/services/stored-cart';
import { getJson, isHttpFailure } from '../../src/services/http';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { MemoryStorage } from '../support/memory-storage';

// JSON written by hand from a tree, because a JS object cannot carry an own `__proto__` key
// through `JSON.stringify` reliably, and the text is what storage and the network hand over.
type Tree =
  | { readonly tag: 'leaf'; readonly value: string | number | boolean | null }
  | { readonly tag: 'array'; readonly items: readonly Tree[] }
  | { readonly tag: 'object'; readonly entries: readonly (readonly [string, Tree])[] };

const textOf = (tree: Tree): string => {
  switch (tree.tag) {
    case 'leaf':
      return JSON.stringify(tree.value);
    case 'array':
      return `[${tree.items.map(textOf).join(',')}]`;
    case 'object':
      return `{${tree.entries.map(([key, value]) => `${JSON.stringify(key)}:${textOf(value)}`).join(',')}}`;
  }
};

const withoutPrototypeKeys = (tree: Tree): Tree => {
  switch (tree.tag) {
    case 'leaf':
      return tree;
    case 'array':
      return { tag: 'array', items: tree.items.map(withoutPrototypeKeys) };
    case 'object':
      return {
        tag: 'object',
        entries: tree.entries.filter(([key]) => !isPrototypeKey(key)).map(([key, value]) => [key, withoutPrototypeKeys(value)] as const),
      };
  }
};

/** A plain JSON value as a tree (the wire values of the codecs). */
const treeOf = (value: unknown): Tree => {
  if (Array.isArray(value)) return { tag: 'array', items: value.map(treeOf) };
  if (typeof value === 'object' && value !== null) {
    return {
      tag: 'object',
      entries: Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([key, v]) => [key, treeOf(v)] as const),
    };
  }
  return { tag: 'leaf', value: value as string | number | boolean | null };
};

// Keys that a prototype key could wrongly lend or pollute, besides the prototype keys themselves.
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...PROTOTYPE_KEYS, 'polluted', 'quantity', 'price', 'variant_id'));

const { tree: anyTree } = fc.letrec<{ tree: Tree; leaf: Tree; array: Tree; object: Tree }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('array'), tie('object')),
  leaf: fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null)).map((value): Tree => ({ tag: 'leaf', value })),
  array: fc.array(tie('tree'), { maxLength: 4 }).map((items): Tree => ({ tag: 'array', items })),
  object: fc.array(fc.tuple(key, tie('tree')), { maxLength: 5 }).map((entries): Tree => ({ tag: 'object', entries })),
}));

/** Whether a parsed value holds a prototype key as its own, at any depth. */
const holdsPrototypeKey = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.entries(value).some(([k, v]) => isPrototypeKey(k) || holdsPrototypeKey(v));

const OBJECT_PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

const prototypeUntouched = (): void => {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(({} as Record<string, unknown>)['quantity']).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(OBJECT_PROTOTYPE_KEYS);
};

/** A wire cart line with some fields missing and prototype keys, holding anything or a whole line, put before or after. */
const lineWithPrototypeKeys: Arbitrary<Tree> = fc
  .tuple(
    wireArbitrary(CartItem),
    fc.subarray(['variant_id', 'quantity', 'price', 'title']),
    fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.oneof(anyTree, wireArbitrary(CartItem).map(treeOf)), fc.boolean()), { maxLength: 3 }),
  )
  .map(([line, dropped, injected]): Tree => {
    const own = (treeOf(line) as Extract<Tree, { tag: 'object' }>).entries.filter(([k]) => !dropped.includes(k));
    const before = injected.filter(([, , first]) => first).map(([k, v]) => [k, v] as const);
    const after = injected.filter(([, , first]) => !first).map(([k, v]) => [k, v] as const);
    return { tag: 'object', entries: [...before, ...own, ...after] };
  });

const storedCart = (lines: readonly Tree[]) => readStoredCart(new MemoryStorage({ [CART_ITEMS_KEY]: textOf({ tag: 'array', items: lines }) }));

describe('parseJson', () => {
  it('reads no field of a stored cart line from its __proto__ key', () => {
    const text = '[{"variant_id":7,"price":"2.5","__proto__":{"quantity":5}}]';
    expect(readStoredCart(new MemoryStorage({ [CART_ITEMS_KEY]: text })).items).toEqual([]);
    expect(CartItem.decode((parseJson(text) as unknown[])[0])).toMatchObject({ _tag: 'Left' });
    prototypeUntouched();
  });

  it('parses JSON text as JSON.parse does, without prototype keys at any depth', () => {
    fc.assert(
      fc.property(anyTree, (tree) => {
        const parsed = parseJson(textOf(tree));
        expect(parsed).toStrictEqual(JSON.parse(textOf(withoutPrototypeKeys(tree))));
        expect(holdsPrototypeKey(parsed)).toBe(false);
        // Copies are where an own `__proto__` key would become a prototype.
        expect(holdsPrototypeKey(Object.assign({}, parsed))).toBe(false);
        prototypeUntouched();
      }),
    );
  });

  it('throws what JSON.parse throws on text that is not JSON', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        let expected: unknown = null;
        try {
          JSON.parse(text);
        } catch (error) {
          expected = error;
        }
        if (expected === null) expect(() => parseJson(text)).not.toThrow();
        else expect(() => parseJson(text)).toThrow(SyntaxError);
      }),
    );
  });
});

describe('decoding at the boundaries', () => {
  it('gives the same stored cart with or without prototype keys, and never pollutes Object.prototype', () => {
    fc.assert(
      fc.property(fc.array(lineWithPrototypeKeys, { maxLength: 4 }), (lines) => {
        expect(storedCart(lines)).toEqual(storedCart(lines.map(withoutPrototypeKeys)));
        prototypeUntouched();
      }),
    );
  });

  describe('over HTTP', () => {
    let server: Server;
    let base: string;
    let body = '';

    beforeAll(async () => {
      server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    // `Id` turns a number into a string, so io-ts copies the record: the copy is where it went wrong.
    const People = t.array(t.type({ id: Id, name: t.string }));

    it('does not read a missing field of an answer from its __proto__ key', async () => {
      body = '[{"id":1,"__proto__":{"name":"Ève"}}]';
      const error = await firstValueFrom(getJson(base, '/people', People)).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(isHttpFailure(error) && error._tag).toBe('DecodeError');
      prototypeUntouched();
    });

    it('decodes an answer with prototype keys as the answer without them', async () => {
      body = '[{"id":1,"name":"Ève","constructor":{"name":"Adam"},"__proto__":{"polluted":true}}]';
      await expect(firstValueFrom(getJson(base, '/people', People))).resolves.toEqual([{ id: '1', name: 'Ève' }]);
      prototypeUntouched();
    });
  });
});
