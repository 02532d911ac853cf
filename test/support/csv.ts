/**
 * Reads CSV text as RFC 4180 writes it (quoted fields, doubled quotes, line breaks inside quotes,
 * CRLF or LF between records), with any one-character separator: the test's own reader, written
 * apart from the library that writes the exports, so a round trip checks the file and not the library.
 */
export const parseCsv = (text: string, delimiter: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let at = 0;
  const endField = (): void => {
    record.push(field);
    field = '';
  };
  while (at < text.length) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      at += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) endField();
    else if (char === '\r' && text[at + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      at += 1;
    } else if (char === '\n') {
      endField();
      records.push(record);
      record = [];
    } else field += char;
    at += 1;
  }
  if (quoted) throw new Error('the CSV ends inside a quoted field');
  // A last record without its line break.
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
};
