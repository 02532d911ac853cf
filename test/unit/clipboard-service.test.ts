import { firstValueFrom, toArray } from 'rxjs';
import { copyText } from '../../src/services/clipboard-service';

describe('the copy to the clipboard', () => {
  it('reports COPIED once the clipboard took the text', async () => {
    const written: string[] = [];
    const clipboard = { writeText: async (text: string) => void written.push(text) };
    await expect(firstValueFrom(copyText(clipboard, 'https://www.example.ch/flux/agenda/1.ics').pipe(toArray()))).resolves.toEqual([{ type: 'COPIED' }]);
    expect(written).toEqual(['https://www.example.ch/flux/agenda/1.ics']);
  });

  it('reports COPY_FAILED when the clipboard refuses, and when there is none (a page served over plain http)', async () => {
    const refusing = { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) };
    await expect(firstValueFrom(copyText(refusing, 'x').pipe(toArray()))).resolves.toEqual([{ type: 'COPY_FAILED' }]);
    await expect(firstValueFrom(copyText(undefined, 'x').pipe(toArray()))).resolves.toEqual([{ type: 'COPY_FAILED' }]);
  });

  it('writes nothing until the copy is subscribed to', () => {
    const clipboard = { writeText: jest.fn(() => Promise.resolve()) };
    copyText(clipboard, 'x');
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });
});
