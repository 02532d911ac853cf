import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { useProgressiveCount, type ProgressiveSteps } from '../../src/views/shared/use-progressive-count';

const STEPS: ProgressiveSteps = { first: 3, chunk: 4 };

const numbers = (length: number, from = 0): readonly number[] => Array.from({ length }, (_, i) => from + i);

/** A list that renders its items in steps, and counts how many items each commit held. */
const Steps = ({ items, commits }: { items: readonly number[]; commits: number[] }) => {
  const count = useProgressiveCount(items, items.length, STEPS);
  commits.push(count);
  return (
    <ul aria-label="items">
      {items.slice(0, count).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
};

const shown = (): string[] => screen.queryAllByRole('listitem').map((item) => item.textContent);

/** Runs the steps one task at a time, as the browser would, until none is left. */
const finishSteps = (): void => {
  for (let task = 0; task < 100 && jest.getTimerCount() > 0; task += 1) act(() => jest.advanceTimersToNextTimer());
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('a list rendered in steps', () => {
  it('shows the first items at once, then the rest a chunk a task, until every item is in the DOM', () => {
    const commits: number[] = [];
    render(
      <StrictMode>
        <Steps items={numbers(12)} commits={commits} />
      </StrictMode>,
    );
    expect(shown()).toEqual(['0', '1', '2']);
    act(() => jest.advanceTimersToNextTimer());
    expect(shown()).toHaveLength(7);
    finishSteps();
    expect(shown()).toEqual(numbers(12).map(String));
    expect(Math.max(...commits)).toBe(12);
  });

  it('shows a short list whole in the first commit and sets no timer', () => {
    const commits: number[] = [];
    render(<Steps items={numbers(2)} commits={commits} />);
    expect(shown()).toEqual(['0', '1']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('starts again from the first items when a new list arrives, never committing the new list whole first', () => {
    const commits: number[] = [];
    const { rerender } = render(<Steps items={numbers(12)} commits={commits} />);
    finishSteps();
    expect(shown()).toHaveLength(12);
    commits.length = 0;
    rerender(<Steps items={numbers(20, 100)} commits={commits} />);
    expect(shown()).toEqual(['100', '101', '102']);
    expect(Math.max(...commits)).toBe(3);
    finishSteps();
    expect(shown()).toHaveLength(20);
  });

  it('keeps its progress when the same list renders again, and stops the steps of a list that left', () => {
    const commits: number[] = [];
    const items = numbers(12);
    const { rerender, unmount } = render(<Steps items={items} commits={commits} />);
    act(() => jest.advanceTimersToNextTimer());
    rerender(<Steps items={items} commits={commits} />);
    expect(shown()).toHaveLength(7);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps the items in order in the DOM at every step', () => {
    const commits: number[] = [];
    render(<Steps items={numbers(30)} commits={commits} />);
    for (let step = 0; step < 10; step += 1) {
      expect(shown()).toEqual(numbers(shown().length).map(String));
      act(() => jest.advanceTimersToNextTimer());
    }
    expect(shown()).toHaveLength(30);
  });
});
