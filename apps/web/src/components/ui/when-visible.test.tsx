import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

/** An IntersectionObserver the test drives: `cross(true)` says the box came into view. */
function observerStub() {
  const observed: Element[] = [];
  let callback: IntersectionObserverCallback = () => undefined;
  let options: IntersectionObserverInit | undefined;
  let disconnected = 0;
  class Stub {
    constructor(cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      callback = cb;
      options = init;
    }
    observe(el: Element) {
      observed.push(el);
    }
    disconnect() {
      disconnected++;
    }
  }
  vi.stubGlobal('IntersectionObserver', Stub);
  return {
    observed,
    options: () => options,
    disconnected: () => disconnected,
    cross: (isIntersecting: boolean) =>
      act(() =>
        callback(
          observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        ),
      ),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenVisible', () => {
  it('shows a placeholder of the same box until the box nears the viewport', () => {
    const io = observerStub();
    const { container } = render(
      <WhenVisible className="h-64">
        <p>the chart</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('the chart')).toBeNull();
    const box = container.firstElementChild!;
    expect(box.className).toContain('h-64');
    expect(box.querySelector('[aria-hidden]')).not.toBeNull();
    expect(io.observed).toEqual([box]);
    expect(io.options()?.rootMargin).toBe('200px');

    io.cross(false);
    expect(screen.queryByText('the chart')).toBeNull();

    io.cross(true);
    expect(screen.getByText('the chart')).toBeTruthy();
    expect(box.getAttribute('data-visible')).toBe('true');
    expect(io.disconnected()).toBeGreaterThan(0);
  });

  it('renders at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible>
        <p>the chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText('the chart')).toBeTruthy();
  });
});
