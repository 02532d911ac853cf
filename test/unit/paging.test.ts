import { isLeft } from 'fp-ts/Either';
import * as t from 'io-ts';
import { firstWindow, listPagePath, ListAnswer, nextPath, revealMore } from '../../src/domain/paging';

describe('ListAnswer', () => {
  it('decodes a whole array as a complete list, and a page with its link and count', () => {
    const answer = ListAnswer(t.string);
    expect(answer.decode(['a', 'b'])).toStrictEqual({ _tag: 'Right', right: { items: ['a', 'b'], next: null, count: 2, whole: true } });
    expect(answer.decode({ results: ['a'], next: '/api/x/?cursor=1', count: 5 })).toStrictEqual({
      _tag: 'Right',
      right: { items: ['a'], next: '/api/x/?cursor=1', count: 5, whole: false },
    });
    expect(answer.decode({ results: [] })).toStrictEqual({ _tag: 'Right', right: { items: [], next: null, count: null, whole: false } });
  });

  it('names the answer as the root of every error', () => {
    const decoded = ListAnswer(t.string).decode({ results: [1] });
    expect(isLeft(decoded)).toBe(true);
    if (isLeft(decoded)) expect(decoded.left[0]?.context[0]?.key).toBe('');
    expect(ListAnswer(t.string).name).toBe('ListAnswer<string>');
  });
});

describe('nextPath', () => {
  it('keeps a link under the widget’s base relative to it', () => {
    expect(nextPath('https://api.example/v1/api/news/?cursor=1', 'https://api.example/v1')).toBe('/api/news/?cursor=1');
  });

  it('keeps a path as it is', () => {
    expect(nextPath('/api/news/?cursor=1', 'https://api.example')).toBe('/api/news/?cursor=1');
    expect(nextPath('/api/news/', '')).toBe('/api/news/');
  });

  it('keeps the path and query of an absolute link of another host, without the base’s path', () => {
    expect(nextPath('https://other.example/api/news/?cursor=1', '')).toBe('/api/news/?cursor=1');
    expect(nextPath('https://other.example/api/news/', 'https://api.example')).toBe('/api/news/');
    expect(nextPath('https://other.example/prefix/api/news/?cursor=1', 'https://api.example/prefix/')).toBe('/api/news/?cursor=1');
    expect(nextPath('https://other.example/prefix/api/news/?cursor=1', '/prefix//')).toBe('/api/news/?cursor=1');
    expect(nextPath('https://other.example/api/news/?cursor=1', '/prefix')).toBe('/api/news/?cursor=1');
  });

  it('gives back what is no address', () => {
    expect(nextPath('not a link', '')).toBe('not a link');
  });
});

describe('listPagePath', () => {
  it('is the further page of the same list, with its query', () => {
    expect(listPagePath('https://api.example/prefix/api/contacts/?cursor=2', '', '/api/contacts/')).toBe('/api/contacts/?cursor=2');
  });

  it('is nothing without a link, or for a link to another list or below it', () => {
    for (const next of [null, undefined, '']) expect(listPagePath(next, '', '/api/news/')).toBeNull();
    expect(listPagePath('/api/contacts/?cursor=2', '', '/api/news/')).toBeNull();
    expect(listPagePath('/api/news/7/?cursor=2', '', '/api/news/')).toBeNull();
    expect(listPagePath('/api/news?cursor=2', '', '/api/news/')).toBeNull();
  });
});

describe('the window of a list', () => {
  it('shows a page first, then a page more of what is held', () => {
    expect([firstWindow(100, 24), firstWindow(10, 24)]).toStrictEqual([24, 10]);
    expect([revealMore(24, 100, 24), revealMore(24, 30, 24)]).toStrictEqual([48, 30]);
  });
});
