import { mediaAddress, withImageOn, withPicturesOn } from '../../src/domain/media-addresses';

const API = 'https://api.example/v1//';

describe('mediaAddress', () => {
  it('resolves an address against an absolute API base, its trailing slashes aside', () => {
    expect(mediaAddress(API, '/media/a.jpg')).toBe('https://api.example/media/a.jpg');
    expect(mediaAddress(API, 'media/a.jpg')).toBe('https://api.example/v1/media/a.jpg');
    expect(mediaAddress('HTTP://api.example', 'a.jpg')).toBe('http://api.example/a.jpg');
  });

  it('leaves an address alone without an absolute base, when there is none, or when it cannot be read', () => {
    expect(mediaAddress('', '/media/a.jpg')).toBe('/media/a.jpg');
    expect(mediaAddress('/proxy/https://api.example', '/media/a.jpg')).toBe('/media/a.jpg');
    expect([mediaAddress(API, null), mediaAddress(API, undefined), mediaAddress(API, '')]).toStrictEqual([null, undefined, '']);
    expect(mediaAddress(API, 'http://[x')).toBe('http://[x');
  });
});

describe('withImageOn and withPicturesOn', () => {
  it('give back the same object when there is nothing to resolve', () => {
    const item = { id: '1', image: '/media/a.jpg' };
    expect(withImageOn('', item)).toBe(item);
    expect(withImageOn('/proxy/https://api.example', item)).toBe(item);
    const bare = { id: '2', image: null };
    expect(withImageOn(API, bare)).toBe(bare);
    const contact = { title: 'X', img: '/media/a.jpg' };
    expect(withPicturesOn('/api', contact)).toBe(contact);
  });

  it('resolve the image of an item and each picture a contact has, adding none', () => {
    expect(withImageOn(API, { id: '1', image: '/media/a.jpg' })).toStrictEqual({ id: '1', image: 'https://api.example/media/a.jpg' });
    expect(withPicturesOn(API, { title: 'X', img: '/media/a.jpg', img_2x: null })).toStrictEqual({
      title: 'X',
      img: 'https://api.example/media/a.jpg',
      img_2x: null,
    });
  });
});
