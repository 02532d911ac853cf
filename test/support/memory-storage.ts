/** An in-memory Web Storage for tests, which can be made to throw as a disabled or full `localStorage` does. */
export class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly entries = new Map<string, string>();
  /** While true, every write throws, as storage over its quota does (reads still work). */
  failing = false;
  /** While true, every call throws, as storage disabled by the browser does. */
  disabled = false;
  /** The number of `setItem` and `removeItem` calls that went through. */
  writes = 0;

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [key, value] of Object.entries(initial)) this.entries.set(key, value);
  }

  getItem(key: string): string | null {
    if (this.disabled) throw new DOMException('The operation is insecure.', 'SecurityError');
    return this.entries.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.check();
    this.entries.set(key, value);
    this.writes += 1;
  }

  removeItem(key: string): void {
    this.check();
    this.entries.delete(key);
    this.writes += 1;
  }

  /** What it holds, as a plain object. */
  toObject(): Record<string, string> {
    return Object.fromEntries(this.entries);
  }

  private check(): void {
    if (this.disabled) throw new DOMException('The operation is insecure.', 'SecurityError');
    if (this.failing) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}
