import fc from 'fast-check';
import { mediaAddress, withImageOn, withPicturesOn } from '../../src/domain/media-addresses';
import { runs } from '../support/fuzz-runs';

const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const mediaPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/media/${parts.join('/')}.jpg`);
const apiBase = fc.constantFrom('https://api.example.ch', 'https://api.example.ch/', 'http://127.0.0.1:8081', 'https://example.org/canton/api');

describe('media addresses of an API on another origin', () => {
  it('leaves every address alone when the API is the page’s own (no base, or a relative one)', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '/api-proxy', 'api'), fc.option(fc.string(), { nil: null }), (base, address) => {
        expect(mediaAddress(base, address)).toBe(address);
      }),
      { numRuns: runs(200) },
    );
  });

  it('puts a site path on the API’s origin, keeping the path', () => {
    fc.assert(
      fc.property(apiBase, mediaPath, (base, path) => {
        const resolved = new URL(mediaAddress(base, path) ?? '');
        expect(resolved.origin).toBe(new URL(base).origin);
        expect(resolved.pathname).toBe(path);
      }),
      { numRuns: runs(200) },
    );
  });

  it('keeps an address that already names its origin', () => {
    fc.assert(
      fc.property(apiBase, mediaPath, (base, path) => {
        expect(mediaAddress(base, `https://cdn.example.net${path}`)).toBe(`https://cdn.example.net${path}`);
      }),
      { numRuns: runs(200) },
    );
  });

  it('changes only the picture fields of a contact and the image of an item', () => {
    fc.assert(
      fc.property(apiBase, mediaPath, fc.string(), (base, path, title) => {
        const contact = { title, img: path, img_2x: null, img_wp: path, img_wp_2x: undefined, image: '' };
        const resolved = withPicturesOn(base, contact);
        expect(resolved).toEqual({ ...contact, img: mediaAddress(base, path), img_wp: mediaAddress(base, path) });
        expect(withImageOn(base, { title, image: path })).toEqual({ title, image: mediaAddress(base, path) });
        expect(withImageOn(base, { title, image: null })).toEqual({ title, image: null });
      }),
      { numRuns: runs(200) },
    );
  });
});
